import type { SerializedError } from '@/lib/core/errors';
import { guidanceFor } from '@/lib/ui/error-guidance';

/** What went wrong, what to do about it, and the button that does it. */
export function ErrorCard({
  error,
  onRetry,
  onOpenSettings,
}: {
  error: SerializedError;
  onRetry: () => void;
  onOpenSettings: () => void;
}) {
  const guidance = guidanceFor(error);
  return (
    <section className="card error-card" role="alert" data-testid="error" data-code={error.code}>
      <h2 className="card-title">{guidance.title}</h2>
      <p>{guidance.advice}</p>
      {error.message && <p className="muted small error-message">{error.message}</p>}
      <div className="row">
        {guidance.action !== 'settings' && (
          <button type="button" className="primary" onClick={onRetry} data-testid="retry">
            {error.code === 'cancelled' ? 'Check again' : 'Retry'}
          </button>
        )}
        {guidance.action === 'settings' && (
          <>
            <button type="button" className="primary" onClick={onOpenSettings} data-testid="open-settings">
              Open settings
            </button>
            <button type="button" className="secondary" onClick={onRetry} data-testid="retry">
              Retry
            </button>
          </>
        )}
      </div>
    </section>
  );
}
