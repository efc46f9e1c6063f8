import { useEffect, useState } from 'react';
import { formatMs } from '@/lib/ui/format';
import type { RunView, StageView } from '@/lib/ui/run-view';
import { STAGE_WORDS } from '@/lib/ui/words';
import { ModelProgress } from './ModelProgress';

const STAGE_MARKS: Record<StageView['status'], string> = { running: '…', done: '✓', stopped: '✕' };

/** Re-renders every half second while something runs, so running stages show their time so far. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Stages with their timings, the text the model is streaming, and the model's download. */
export function ProgressView({ view, onCancel }: { view: RunView; onCancel: () => void }) {
  const running = view.status === 'running' || view.status === 'starting';
  const now = useNow(running);
  const stream = view.streamingStage ? view.streams[view.streamingStage] : undefined;
  return (
    <section className="card progress" aria-labelledby="progress-heading" data-testid="progress">
      <div className="row spread">
        <h2 id="progress-heading" className="card-title">
          {running ? 'Checking…' : 'Steps'}
        </h2>
        {running && !view.modelProgress && (
          <button type="button" className="secondary" onClick={onCancel} data-testid="cancel-run">
            Cancel
          </button>
        )}
      </div>
      {view.status === 'starting' && <p className="muted">Starting the check…</p>}
      {view.modelProgress && (
        <ModelProgress progress={view.modelProgress.progress} text={view.modelProgress.text} onCancel={onCancel} />
      )}
      <ol className="stages">
        {view.stages.map((stage) => (
          <li key={stage.stage} className={`stage stage-${stage.status}`} data-testid="stage" data-stage={stage.stage}>
            <span className="stage-mark" aria-hidden="true">
              {STAGE_MARKS[stage.status]}
            </span>
            <span className="stage-name">{STAGE_WORDS[stage.stage]}</span>
            <span className="stage-time muted">
              {stage.ms !== null ? formatMs(stage.ms) : formatMs(Math.max(0, now - stage.startedAt))}
            </span>
            {stage.status === 'stopped' && <span className="stage-detail muted small">did not finish</span>}
            {stage.detail && <span className="stage-detail muted small">{stage.detail}</span>}
          </li>
        ))}
      </ol>
      {stream && (
        <div className="stream" aria-live="polite" data-testid="stream">
          <p className="muted small">{view.streamingStage ? STAGE_WORDS[view.streamingStage] : ''}</p>
          <p className="stream-text">{stream}</p>
        </div>
      )}
    </section>
  );
}
