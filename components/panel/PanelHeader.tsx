import type { SerpCapture } from '@/lib/core/serp-capture';

/** The question being checked, where it was asked, and the button that checks it. */
export function PanelHeader({ capture, busy, onCheck }: { capture: SerpCapture; busy: boolean; onCheck: () => void }) {
  return (
    <header className="panel-header">
      <div className="row spread top">
        <div>
          <h1 className="query" data-testid="query">
            {capture.query}
          </h1>
          <div className="muted small" data-testid="engine">
            {capture.engine} · {capture.results.length} results
          </div>
        </div>
        <button type="button" className="primary" onClick={onCheck} disabled={busy} data-testid="check">
          {busy ? 'Checking…' : 'Check'}
        </button>
      </div>
    </header>
  );
}
