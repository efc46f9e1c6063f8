import { useHistory } from '@/hooks/useHistory';
import { CheckList } from './CheckList';

/**
 * Checks whose conflicts, or claims of the engine's answer (contradicted, disputed, or backed by
 * low-trust sites only), nobody has judged yet: the person's reviews teach the trust store.
 */
export function ReviewQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const { records, loading, error } = useHistory('', { queue: true });
  return (
    <section aria-labelledby="queue-heading" data-testid="review-queue">
      <h2 id="queue-heading" className="section-title">
        Conflicts and claims to review
      </h2>
      <p className="muted small">Your judgement counts more than the estimate when the extension weighs each site.</p>
      {error && (
        <p role="alert" className="error">
          The history could not be read: {error}
        </p>
      )}
      {!loading && records.length === 0 && !error && <p className="muted">Nothing to review.</p>}
      <CheckList records={records} onOpen={onOpen} />
    </section>
  );
}
