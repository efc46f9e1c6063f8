import { FactCheckError } from '../core/errors';

export interface Limiter {
  readonly maxConcurrency: number;
  /** Runs `task` when a slot is free; a request cancelled while waiting leaves the queue at once. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Requests running plus waiting, for the UI. */
  readonly pending: number;
}

/** A FIFO semaphore: one per backend, so a debate with ten agents cannot flood a server or a GPU. */
export function createLimiter(maxConcurrency: number): Limiter {
  const size = Math.max(1, Math.floor(maxConcurrency));
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) next();
  };

  const acquire = (signal: AbortSignal | undefined): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new FactCheckError('cancelled', 'The check was cancelled.'));
      if (running < size) {
        running++;
        return resolve();
      }
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        running++;
        resolve();
      };
      const onAbort = () => {
        const at = waiting.indexOf(start);
        if (at >= 0) waiting.splice(at, 1);
        reject(new FactCheckError('cancelled', 'The check was cancelled.'));
      };
      waiting.push(start);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  return {
    maxConcurrency: size,
    get pending() {
      return running + waiting.length;
    },
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
