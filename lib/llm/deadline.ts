import { RequestTimeoutError } from './errors';

export interface Deadline {
  /** Aborts on the caller's cancel, on silence longer than the timeout, or at the hard cap. */
  readonly signal: AbortSignal;
  /** Call on every sign of progress (a streamed chunk): the silence timer starts again. */
  touch(): void;
  /** The timeout that fired, if one did (so a timeout is told apart from a cancel). */
  timedOut(): RequestTimeoutError | undefined;
  dispose(): void;
}

/** How much longer than the silence timeout a request that keeps streaming may take. */
export const HARD_CAP_FACTOR = 5;

/**
 * A per-request timeout that measures silence, not length: a slow model streaming steadily is
 * not cut off, a server that stops answering is. A hard cap bounds even a steady trickle.
 */
export function startDeadline(timeoutMs: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let fired: RequestTimeoutError | undefined;
  const fire = () => {
    if (controller.signal.aborted) return;
    fired = new RequestTimeoutError(timeoutMs);
    controller.abort(fired);
  };
  let idle = setTimeout(fire, timeoutMs);
  const cap = setTimeout(fire, timeoutMs * HARD_CAP_FACTOR);
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    touch() {
      if (controller.signal.aborted) return;
      clearTimeout(idle);
      idle = setTimeout(fire, timeoutMs);
    },
    timedOut: () => fired,
    dispose() {
      clearTimeout(idle);
      clearTimeout(cap);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
