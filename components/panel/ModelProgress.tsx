import { percent } from '@/lib/ui/format';

/** The local model's download and load, with a way out: it can be large. */
export function ModelProgress({ progress, text, onCancel }: { progress: number; text: string; onCancel: () => void }) {
  return (
    <div className="model-progress" data-testid="model-progress">
      <label htmlFor="model-progress-bar">Preparing the local model: {percent(progress)}</label>
      <progress id="model-progress-bar" max={1} value={progress} />
      <div className="row">
        <span className="muted small model-progress-text">{text}</span>
        <button type="button" className="secondary" onClick={onCancel} data-testid="cancel-download">
          Cancel download
        </button>
      </div>
    </div>
  );
}
