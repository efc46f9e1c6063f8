export type PanelTab = 'check' | 'history' | 'review';

const TABS: { tab: PanelTab; label: string }[] = [
  { tab: 'check', label: 'This search' },
  { tab: 'history', label: 'History' },
  { tab: 'review', label: 'To review' },
];

/** Switches between the live check, past checks and the queue of conflicts to review. */
export function PanelNav({ current, onSelect }: { current: PanelTab; onSelect: (tab: PanelTab) => void }) {
  return (
    <nav className="panel-nav" aria-label="Panel sections">
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          className="nav-button"
          aria-current={current === tab ? 'page' : undefined}
          data-testid={`nav-${tab}`}
          onClick={() => onSelect(tab)}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
