import type { RunEvent } from '../core/run-event';
import type { RunSnapshot } from '../messaging/requests/run';

/** Status a run reaches with this event, or the status it had. */
function statusAfter(snapshot: RunSnapshot, event: RunEvent): RunSnapshot['status'] {
  if (event.type === 'final') return 'done';
  if (event.type === 'error') return event.error.code === 'cancelled' ? 'cancelled' : 'failed';
  return snapshot.status;
}

/**
 * Adds an event to a run's remembered history. Streamed tokens of one stage are merged
 * into a single event, and only the latest partial verdict and progress are kept, so
 * the snapshot stays small enough to store after every step.
 */
export function appendEvent(snapshot: RunSnapshot, event: RunEvent): RunSnapshot {
  const events = [...snapshot.events];
  const last = events.at(-1);
  if (event.type === 'token' && last?.type === 'token' && last.stage === event.stage) {
    events[events.length - 1] = { ...last, text: last.text + event.text, at: event.at };
  } else if (event.type === 'partial' || event.type === 'model-progress') {
    const previous = events.findIndex((e) => e.type === event.type);
    if (previous >= 0) events.splice(previous, 1);
    events.push(event);
  } else {
    events.push(event);
  }
  return { ...snapshot, events, status: statusAfter(snapshot, event) };
}

export function newSnapshot(runId: string, tabId: number): RunSnapshot {
  return { runId, tabId, status: 'running', events: [] };
}

/** A run the worker was running when it was stopped can not go on: it ends visibly failed. */
export function interrupted(snapshot: RunSnapshot, at: number): RunSnapshot {
  if (snapshot.status !== 'running') return snapshot;
  return appendEvent(snapshot, {
    type: 'error',
    runId: snapshot.runId,
    at,
    error: {
      code: 'internal',
      message:
        'The check was interrupted because the browser stopped the extension in the middle of it. Press Check to run it again.',
      retryable: true,
    },
  });
}
