import { useCapture } from '@/hooks/useCapture';
import { useClaimReview } from '@/hooks/useClaimReview';
import { useReview } from '@/hooks/useReview';
import { useRun } from '@/hooks/useRun';
import { useTrust } from '@/hooks/useTrust';
import { isBusy } from '@/lib/ui/run-view';
import { SourceList } from '../SourceList';
import { ClaimCheckView } from './ClaimCheckView';
import { ErrorCard } from './ErrorCard';
import { PanelHeader } from './PanelHeader';
import { ProgressView } from './ProgressView';
import { VerdictView } from './VerdictView';

const NO_RESULTS_YET =
  'Search on Google, Bing, DuckDuckGo, Brave or another engine, and the results will be checked here.';

/** The check of the tab's current results: run button, live progress, verdict, errors. */
export function LiveCheck({ tabId, onOpenSettings }: { tabId: number; onOpenSettings: () => void }) {
  const capture = useCapture(tabId);
  const run = useRun(tabId);
  const { view } = run;
  const results = capture.status === 'ready' ? (capture.state.capture?.results ?? []) : [];
  const trust = useTrust(
    view.verdict ? view.verdict.sources.map((source) => source.domain) : results.map((source) => source.domain),
  );
  const review = useReview(view.verdictFinal ? view.runId : null, run.showReviewed);
  const claimReview = useClaimReview(view.verdictFinal ? view.runId : null, run.showReviewed);

  if (capture.status === 'loading') return <p className="muted">Loading…</p>;
  if (capture.status === 'error')
    return (
      <p role="alert" className="error">
        {capture.message}
      </p>
    );
  const current = capture.state.capture;
  if (!current) {
    return (
      <p className="muted" data-testid="empty">
        {capture.state.failure ?? NO_RESULTS_YET}
      </p>
    );
  }
  const busy = isBusy(view);
  const showProgress = busy || (view.stages.length > 0 && view.status !== 'done');
  return (
    <>
      <PanelHeader capture={current} busy={busy} onCheck={(method) => void run.start(method)} />
      {view.status === 'idle' && view.synced && (
        <p className="muted" data-testid="idle">
          Press Check to compare the answer with these {current.results.length} results.
        </p>
      )}
      {showProgress && <ProgressView view={view} onCancel={() => void run.cancel()} />}
      {view.error && <ErrorCard error={view.error} onRetry={() => void run.start()} onOpenSettings={onOpenSettings} />}
      {trust.error && (
        <p role="alert" className="error small">
          {trust.error}
        </p>
      )}
      {view.claimCheck && <ClaimCheckView check={view.claimCheck} review={claimReview} />}
      {(!view.verdict || view.verdict.method === 'claims') && (
        <SourceList sources={current.results} rows={trust.rows} />
      )}
      {view.verdict && view.verdict.method !== 'claims' && (
        <VerdictView
          verdict={view.verdict}
          final={view.verdictFinal}
          sources={current.results}
          rows={trust.rows}
          onOverride={(domain, override) => void trust.setOverride(domain, override)}
          {...(review ? { review } : {})}
        />
      )}
    </>
  );
}
