import { FactCheckError, isAbortError } from '../core/errors';
import { ProviderError } from './errors';

/**
 * The one retry policy of the code base: exponential backoff with jitter, honouring the
 * server's Retry-After, bounded in attempts and in total time, never retrying a cancel.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First backoff; each further one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts after this much time has passed since the first attempt. */
  maxElapsedMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxElapsedMs: 30_000,
};

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  signal?: AbortSignal;
  /** Observes each planned retry (for logs and the UI). */
  onRetry?: (info: { attempt: number; delayMs: number; error: FactCheckError }) => void;
  /** A last say on a retryable error, e.g. no retry once part of the answer was shown. */
  shouldRetry?: (error: FactCheckError) => boolean;
  /** Injected in tests. */
  random?: () => number;
  now?: () => number;
}

/** Backoff for the n-th retry (0-based): "equal jitter", half fixed and half random, so waits never collapse to 0. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return ceiling / 2 + random() * (ceiling / 2);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FactCheckError('cancelled', 'The check was cancelled.'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new FactCheckError('cancelled', 'The check was cancelled.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or the policy's bounds are
 * reached. Errors must already be FactCheckErrors (map them inside `attempt`).
 */
export async function withRetry<T>(attempt: (index: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const now = options.now ?? Date.now;
  const started = now();
  for (let index = 0; ; index++) {
    if (options.signal?.aborted) throw new FactCheckError('cancelled', 'The check was cancelled.');
    try {
      return await attempt(index);
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) throw error;
      if (!(error instanceof FactCheckError) || !error.retryable) throw error;
      if (options.shouldRetry && !options.shouldRetry(error)) throw error;
      if (index + 1 >= policy.maxAttempts) throw error;
      const serverWait = error instanceof ProviderError ? error.retryAfterMs : undefined;
      const delayMs = serverWait ?? backoffMs(index, policy, options.random);
      // A wait that would overrun the budget is not worth starting: fail now, with the server's reason.
      if (now() - started + delayMs > policy.maxElapsedMs) throw error;
      options.onRetry?.({ attempt: index + 1, delayMs, error });
      await sleep(delayMs, options.signal);
    }
  }
}
