import { type KeyboardEvent, useRef } from 'react';

export type PanelTab = 'check' | 'history' | 'review';

const TABS: { tab: PanelTab; label: string }[] = [
  { tab: 'check', label: 'This search' },
  { tab: 'history', label: 'History' },
  { tab: 'review', label: 'To review' },
];

export const tabId = (tab: PanelTab) => `panel-tab-${tab}`;
export const tabPanelId = (tab: PanelTab) => `panel-section-${tab}`;

/** Which tab a key moves to (the ARIA tabs pattern: arrows wrap, Home and End jump), or null. */
function tabAfterKey(key: string, current: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % TABS.length;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + TABS.length) % TABS.length;
    case 'Home':
      return 0;
    case 'End':
      return TABS.length - 1;
    default:
      return null;
  }
}

/**
 * Switches between the live check, past checks and the queue of conflicts and claims to review: a tablist with
 * one tab stop, arrow keys moving between tabs and selecting them as they go.
 */
export function PanelNav({ current, onSelect }: { current: PanelTab; onSelect: (tab: PanelTab) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(
      event.key,
      TABS.findIndex(({ tab }) => tab === current),
    );
    const target = next === null ? undefined : TABS[next];
    if (next === null || !target) return;
    event.preventDefault();
    onSelect(target.tab);
    buttons.current[next]?.focus();
  };
  return (
    <div className="panel-nav" role="tablist" aria-label="Panel sections" onKeyDown={onKeyDown}>
      {TABS.map(({ tab, label }, index) => (
        <button
          key={tab}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={current === tab}
          aria-controls={tabPanelId(tab)}
          tabIndex={current === tab ? 0 : -1}
          className="nav-button"
          data-testid={`nav-${tab}`}
          onClick={() => onSelect(tab)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
