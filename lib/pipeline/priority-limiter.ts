import { FactCheckError } from '../core/errors';

export interface PriorityLimiter {
  run<T>(task: () => Promise<T>, priority: number, signal?: AbortSignal): Promise<T>;
}

interface Waiter {
  priority: number;
  order: number;
  start: () => void;
}

/**
 * A semaphore whose queue is ordered by priority, then arrival: on a one-slot local model the
 * fast answer's second call still goes before ten queued agents.
 */
export function createPriorityLimiter(maxConcurrency: number): PriorityLimiter {
  const size = Math.max(1, Math.floor(maxConcurrency));
  let running = 0;
  let arrivals = 0;
  const waiting: Waiter[] = [];

  const dispatch = () => {
    if (running >= size) return;
    waiting.sort((a, b) => a.priority - b.priority || a.order - b.order);
    waiting.shift()?.start();
  };
  // The next slot is handed out a tick later: a caller whose call just finished (the fast answer)
  // can queue its follow-up call in the meantime and, with its higher priority, go first.
  const release = () => {
    running--;
    if (waiting.length > 0) setTimeout(dispatch, 0);
  };

  const acquire = (priority: number, signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new FactCheckError('cancelled', 'The check was cancelled.'));
      if (running < size && waiting.length === 0) {
        running++;
        return resolve();
      }
      const waiter: Waiter = {
        priority,
        order: arrivals++,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          running++;
          resolve();
        },
      };
      const onAbort = () => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        reject(new FactCheckError('cancelled', 'The check was cancelled.'));
      };
      waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (running < size) setTimeout(dispatch, 0);
    });

  return {
    async run(task, priority, signal) {
      await acquire(priority, signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
