import type { ConnectionState } from '@/hooks/useModelConnection';

/** What "Test connection" found: the models on offer (pick one), or what went wrong. */
export function ConnectionResult({
  state,
  model,
  onPick,
}: {
  state: ConnectionState;
  model: string;
  onPick: (model: string) => void;
}) {
  if (state.status === 'failed') {
    return (
      <p className="error" role="alert" data-testid="connection-error">
        {state.message}
      </p>
    );
  }
  if (state.status !== 'ok') return null;
  const { models, modelListed, ms } = state.report;
  return (
    <div className="card" data-testid="connection-ok" aria-live="polite">
      <p className="ok">
        Connected in {ms} ms.{' '}
        {models.length === 0
          ? 'The server does not list its models, but the model answered.'
          : modelListed === false
            ? `"${model}" is not among its ${models.length} models: pick one below.`
            : `${models.length} models available.`}
      </p>
      {models.length > 0 && (
        <ul className="model-list" data-testid="listed-models">
          {models.slice(0, 50).map((id) => (
            <li key={id}>
              <button type="button" className="link-button" aria-pressed={id === model} onClick={() => onPick(id)}>
                {id}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
