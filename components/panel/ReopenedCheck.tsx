import { useCallback } from 'react';
import { useClaimReview } from '@/hooks/useClaimReview';
import { useCheck } from '@/hooks/useHistory';
import { useReview } from '@/hooks/useReview';
import { useTrust } from '@/hooks/useTrust';
import type { Verdict } from '@/lib/core/verdict';
import { formatDate } from '@/lib/ui/format';
import { ClaimCheckView } from './ClaimCheckView';
import { VerdictView } from './VerdictView';

/** A past check, read back from the history, reviewable like a live one. */
export function ReopenedCheck({ id, onBack }: { id: string; onBack: () => void }) {
  const [record, setRecord] = useCheck(id);
  const trust = useTrust(record ? record.verdict.sources.map((source) => source.domain) : []);
  const onResolved = useCallback(
    (verdict: Verdict) => {
      if (record) setRecord({ ...record, verdict });
    },
    [record, setRecord],
  );
  const review = useReview(record ? record.id : null, onResolved);
  const claimReview = useClaimReview(record ? record.id : null, onResolved);

  return (
    <section aria-labelledby="reopened-heading" data-testid="reopened-check">
      <button type="button" className="link-button" onClick={onBack} data-testid="back">
        ← Back
      </button>
      {record === undefined && <p className="muted">Loading…</p>}
      {record === null && <p className="muted">This check is no longer in the history.</p>}
      {record && (
        <>
          <header className="panel-header">
            <h1 id="reopened-heading" className="query" data-testid="query">
              {record.question}
            </h1>
            <div className="muted small">
              {record.engine} · checked {formatDate(record.capturedAt)}
            </div>
          </header>
          {trust.error && (
            <p role="alert" className="error small">
              {trust.error}
            </p>
          )}
          {record.verdict.claimCheck && <ClaimCheckView check={record.verdict.claimCheck} review={claimReview} />}
          {record.verdict.method !== 'claims' && (
            <VerdictView
              verdict={record.verdict}
              final
              sources={record.sources}
              rows={trust.rows}
              onOverride={(domain, override) => void trust.setOverride(domain, override)}
              {...(review ? { review } : {})}
            />
          )}
        </>
      )}
    </section>
  );
}
