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
/** A macrotask: after every pending promise continuation has run. */
const nextTick = (callback: () => void) =>
  typeof setImmediate === 'function' ? setImmediate(callback) : setTimeout(callback, 0);

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
  // When a call of higher priority than everything waiting finishes (the fast answer's first call),
  // the slot is handed out a tick later, so its follow-up call can queue and go first. Otherwise
  // at once: no idle gap between calls.
  const release = (finished: number) => {
    running--;
    if (waiting.length === 0) return;
    const best = Math.min(...waiting.map((waiter) => waiter.priority));
    if (finished < best) nextTick(dispatch);
    else dispatch();
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
      if (running < size) nextTick(dispatch);
    });

  return {
    async run(task, priority, signal) {
      await acquire(priority, signal);
      try {
        return await task();
      } finally {
        release(priority);
      }
    },
  };
}
