import { describe, expect, it } from 'vitest';
import { FactCheckError } from '@/lib/core/errors';
import { ProviderError, retryAfterMs } from '@/lib/llm/errors';
import { backoffMs, DEFAULT_RETRY_POLICY, withRetry } from '@/lib/llm/retry';

const fast = { baseDelayMs: 10, maxDelayMs: 40, maxElapsedMs: 1_000 };

describe('withRetry', () => {
  it('retries retryable errors with growing, jittered waits, up to maxAttempts', async () => {
    const waits: number[] = [];
    let calls = 0;
    const error = await withRetry(
      async () => {
        calls++;
        throw new ProviderError('endpoint-unreachable', 'down', { retryable: true, status: 503 });
      },
      { policy: fast, onRetry: ({ delayMs }) => waits.push(delayMs), random: () => 1 },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FactCheckError);
    expect(calls).toBe(DEFAULT_RETRY_POLICY.maxAttempts);
    expect(waits).toEqual([10, 20, 40]);
  });

  it('honours Retry-After over its own backoff', async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await withRetry(
      async () => {
        if (calls++ === 0) throw new ProviderError('rate-limited', '429', { retryable: true, retryAfterMs: 30 });
        return 'ok';
      },
      { policy: fast, onRetry: ({ delayMs }) => waits.push(delayMs) },
    );
    expect(value).toBe('ok');
    expect(waits).toEqual([30]);
  });

  it('never retries a non-retryable error or a cancel', async () => {
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw new ProviderError('bad-key', 'nope', { retryable: false });
      }),
    ).rejects.toMatchObject({ code: 'bad-key' });
    expect(calls).toBe(1);

    const controller = new AbortController();
    calls = 0;
    const pending = withRetry(
      async () => {
        calls++;
        controller.abort();
        throw new ProviderError('endpoint-unreachable', 'down', { retryable: true });
      },
      { policy: fast, signal: controller.signal },
    );
    await expect(pending).rejects.toBeTruthy();
    expect(calls).toBe(1);
  });

  it('a cancel during the wait ends it at once', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = withRetry(
      async () => {
        throw new ProviderError('rate-limited', '429', { retryable: true, retryAfterMs: 5_000 });
      },
      { policy: { maxElapsedMs: 10_000 }, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('stops when the next wait would overrun the time budget', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new ProviderError('rate-limited', '429', { retryable: true, retryAfterMs: 2_000 });
        },
        { policy: { maxElapsedMs: 1_000 } },
      ),
    ).rejects.toMatchObject({ code: 'rate-limited' });
    expect(calls).toBe(1);
  });

  it('backoff keeps half its ceiling fixed and is capped', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(backoffMs(0, policy, () => 0)).toBe(250);
    expect(backoffMs(0, policy, () => 1)).toBe(500);
    expect(backoffMs(10, policy, () => 1)).toBe(policy.maxDelayMs);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    expect(retryAfterMs({ 'Retry-After': '3' })).toBe(3_000);
    expect(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '3' })).toBe(250);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now)).toBe(5_000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
