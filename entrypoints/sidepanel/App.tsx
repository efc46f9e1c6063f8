import { SourceList } from '@/components/SourceList';
import { useActiveTab } from '@/hooks/useActiveTab';
import { useCapture } from '@/hooks/useCapture';

export function App() {
  const tabId = useActiveTab();
  const view = useCapture(tabId);

  if (tabId === null || view.status === 'loading')
    return (
      <main className="panel">
        <p className="muted">Loading…</p>
      </main>
    );
  if (view.status === 'error')
    return (
      <main className="panel">
        <p role="alert" className="error">
          {view.message}
        </p>
      </main>
    );
  const { capture, failure } = view.state;
  if (!capture) {
    return (
      <main className="panel">
        <p className="muted" data-testid="empty">
          {failure ??
            'Search on Google, Bing, DuckDuckGo, Brave or another engine, and the results will be checked here.'}
        </p>
      </main>
    );
  }
  return (
    <main className="panel">
      <header className="panel-header">
        <h1 className="query" data-testid="query">
          {capture.query}
        </h1>
        <div className="muted">
          {capture.engine} · {capture.results.length} results
        </div>
      </header>
      <SourceList sources={capture.results} />
    </main>
  );
}
