import { useModelLocal } from '@/hooks/useModelLocal';
import { WebGpuCheck } from './WebGpuCheck';

const size = (mb: number) => (mb >= 1000 ? `${(mb / 1024).toFixed(1)} GB` : `${mb} MB`);

/** The local WebLLM model: which one (size, VRAM, cache), the GPU check, and the download. */
export function LocalModelPicker({
  chosen,
  onChoose,
}: {
  chosen: string | null;
  onChoose: (model: string | null) => Promise<void>;
}) {
  const local = useModelLocal(true);
  const { gpu, models, load } = local;
  const recommended = models?.find((model) => model.recommended);
  const active = chosen ?? recommended?.id ?? null;
  const loading = load?.status === 'loading';

  return (
    <div data-testid="local-models">
      <WebGpuCheck gpu={gpu} />
      {local.error && <p className="error">{local.error}</p>}
      {models && models.length > 0 && (
        <table className="model-table">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">GPU memory</th>
              <th scope="col">Context</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {models.map((model) => (
              <tr key={model.id} className={model.runnable ? undefined : 'muted'}>
                <td>
                  <label className="row">
                    <input
                      type="radio"
                      name="local-model"
                      disabled={!model.runnable}
                      checked={active === model.id}
                      onChange={() => void onChoose(model.id)}
                    />
                    <span>
                      {model.family} <span className="muted small">{model.quantization}</span>
                      {model.recommended && <span className="chip small">recommended</span>}
                    </span>
                  </label>
                </td>
                <td>{size(model.vramMB)}</td>
                <td>{Math.round(model.contextWindow / 1024)}k</td>
                <td className="small">
                  {!gpu?.available
                    ? '—'
                    : !model.runnable
                      ? `needs ${model.requiredFeatures.join(', ')}`
                      : model.cached
                        ? 'on disk'
                        : 'not on disk'}
                  {model.cached && (
                    <button type="button" className="link-button" onClick={() => void local.remove(model.id)}>
                      {' '}
                      delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chosen === null && recommended && (
        <p className="muted small">No choice made: the recommended model for this GPU is used.</p>
      )}
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={!active || loading || !gpu?.available}
          onClick={() => active && void local.download(active)}
        >
          Download now
        </button>
        {loading && (
          <button type="button" className="secondary" onClick={() => void local.cancel()}>
            Cancel download
          </button>
        )}
      </div>
      {load && (
        <div className="small" aria-live="polite">
          <progress max={1} value={load.progress} /> {load.model}: {load.text}
        </div>
      )}
    </div>
  );
}
