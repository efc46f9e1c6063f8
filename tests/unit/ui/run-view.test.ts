import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/core/run-event';
import type { RunSnapshot } from '@/lib/messaging/requests/run';
import { applyReview } from '@/lib/trust/reviews';
import { fromSnapshot, idleRun, type RunAction, type RunView, runViewReducer } from '@/lib/ui/run-view';
import { loadVerdict } from '../helpers/verdicts';

const verdict = loadVerdict('misinformation');
const event = (body: Record<string, unknown> & { type: RunEvent['type'] }, at = 1000, runId = 'run-1') =>
  ({ type: 'event', event: { runId, at, ...body } as RunEvent }) satisfies RunAction;
const reduce = (actions: RunAction[], from: RunView = idleRun) => actions.reduce(runViewReducer, from);

describe('run view reducer', () => {
  it('follows a run from start to final verdict with stage timings and streamed text', () => {
    const view = reduce([
      { type: 'starting' },
      event({ type: 'started', question: 'who wrote frankenstein', engine: 'google', method: 'auto' }, 1000),
      event({ type: 'stage', stage: 'fast-answer', status: 'started' }, 1100),
      event({ type: 'token', stage: 'fast-answer', text: 'Mary ' }, 1200),
      event({ type: 'token', stage: 'fast-answer', text: 'Shelley' }, 1300),
      event({ type: 'stage', stage: 'fast-answer', status: 'finished' }, 1900),
      event({ type: 'partial', verdict }, 1950),
      event({ type: 'stage', stage: 'source-answers', status: 'started', detail: '5 sources' }, 2000),
      event({ type: 'stage', stage: 'source-answers', status: 'finished', ms: 1234 }, 3300),
    ]);
    expect(view).toMatchObject({
      status: 'running',
      question: 'who wrote frankenstein',
      engine: 'google',
      verdictFinal: false,
    });
    expect(view.streams['fast-answer']).toBe('Mary Shelley');
    expect(view.streamingStage).toBe('fast-answer');
    expect(view.stages.map((s) => [s.stage, s.status, s.ms, s.detail])).toEqual([
      ['fast-answer', 'done', 800, null],
      ['source-answers', 'done', 1234, '5 sources'],
    ]);
    const done = reduce([event({ type: 'final', verdict }, 4000)], view);
    expect(done).toMatchObject({ status: 'done', verdictFinal: true, verdict });
  });

  it('shows the model download, and drops it once the model is loaded', () => {
    const loading = reduce([
      event({ type: 'started', question: 'q', engine: 'bing', method: 'auto' }),
      event({ type: 'stage', stage: 'model-load', status: 'started' }),
      event({ type: 'model-progress', progress: 0.42, text: 'Fetching weights 420 MB / 1 GB' }),
    ]);
    expect(loading.modelProgress).toEqual({ progress: 0.42, text: 'Fetching weights 420 MB / 1 GB' });
    expect(
      reduce([event({ type: 'stage', stage: 'model-load', status: 'finished', ms: 9000 })], loading).modelProgress,
    ).toBeNull();
  });

  it('ends failed with the error, or cancelled, and settles running stages', () => {
    const running = reduce([
      event({ type: 'started', question: 'q', engine: 'bing', method: 'auto' }),
      event({ type: 'stage', stage: 'debate', status: 'started' }),
    ]);
    const failed = reduce(
      [event({ type: 'error', error: { code: 'rate-limited', message: '429', retryable: true } })],
      running,
    );
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'rate-limited' } });
    expect(failed.stages[0]?.status).toBe('stopped');
    const cancelled = reduce(
      [event({ type: 'error', error: { code: 'cancelled', message: 'x', retryable: false } })],
      running,
    );
    expect(cancelled.status).toBe('cancelled');
  });

  it('replays a snapshot; a replay after live events gives the same view (no doubled text)', () => {
    const events: RunEvent[] = [
      { runId: 'run-1', at: 1, type: 'started', question: 'q', engine: 'google', method: 'auto' },
      { runId: 'run-1', at: 2, type: 'token', stage: 'fast-answer', text: 'abc' },
      { runId: 'run-1', at: 3, type: 'final', verdict },
    ];
    const snapshot: RunSnapshot = { runId: 'run-1', tabId: 3, status: 'done', events };
    const live = reduce(events.map((e) => ({ type: 'event', event: e }) as RunAction));
    const replayed = reduce([{ type: 'snapshot', snapshot }], live);
    expect(replayed).toEqual({ ...fromSnapshot(snapshot), synced: true });
    expect(replayed.streams['fast-answer']).toBe('abc');
    expect(replayed.status).toBe('done');
    expect(reduce([{ type: 'snapshot', snapshot: null }], replayed)).toEqual({ ...idleRun, synced: true });
  });

  it('keeps "starting" when the background has no run yet, and shows a start failure', () => {
    const starting = reduce([{ type: 'starting' }, { type: 'snapshot', snapshot: null }]);
    expect(starting.status).toBe('starting');
    const failed = reduce(
      [{ type: 'start-failed', error: { code: 'no-capture', message: 'no', retryable: false } }],
      starting,
    );
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'no-capture' } });
  });

  it('an event of another run starts over for that run', () => {
    const first = reduce([event({ type: 'token', stage: 'finalize', text: 'old' }, 1, 'run-1')]);
    const second = reduce([event({ type: 'token', stage: 'finalize', text: 'new' }, 2, 'run-2')], first);
    expect(second).toMatchObject({ runId: 'run-2', streams: { finalize: 'new' } });
  });

  it('shows a reviewed verdict', () => {
    const done = reduce([event({ type: 'final', verdict })]);
    const resolved = applyReview(verdict, 'c1', 'a', '2026-01-01T00:00:00.000Z');
    expect(reduce([{ type: 'reviewed', verdict: resolved }], done).verdict?.conflicts[0]?.review?.choice).toBe('a');
  });
});
