import { describe, expect, it } from 'vitest';
import { beyondBudget } from '@/lib/history/db';
import { MAX_RECORD_CHARS, toCheckRecord } from '@/lib/history/entry';
import { CHECK_LIMITS, createCheckRateLimiter, rateLimitMessage } from '@/lib/runs/rate-limit';
import { loadVerdict, sourcesFor } from '../helpers/verdicts';

describe('check rate limits', () => {
  it('finding 6: at most 2 limited checks per tab a minute and 30 an hour over all tabs; refused ones are not counted', () => {
    const limiter = createCheckRateLimiter();
    const start = 1_000_000;
    let allowed = 0;
    // A page changing its question every 1.5 s for a minute.
    for (let t = 0; t < 60_000; t += 1_500) if (limiter.take(1, start + t).allowed) allowed++;
    expect(allowed).toBe(CHECK_LIMITS.perTabPerMinute);
    const refused = limiter.take(1, start + 59_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAt).toBe(start + 60_000);
    // Many tabs: the hour's budget is shared.
    let total = allowed;
    for (let tab = 2; tab < 100; tab++) if (limiter.take(tab, start + 61_000).allowed) total++;
    expect(total).toBe(CHECK_LIMITS.perHour);
    expect(limiter.take(500, start + 3_600_000 + 1).allowed).toBe(true);
    expect(rateLimitMessage('automatic', start + 60_000, start)).toMatch(/next can run in 60 s/);
  });
});

describe('check rate limits across restarts of the engine', () => {
  it('a limiter made from the stored state of another goes on counting; the state stays bounded', () => {
    const start = 5_000_000;
    const first = createCheckRateLimiter();
    expect(first.take(1, start).allowed).toBe(true);
    expect(first.take(1, start + 1_000).allowed).toBe(true);
    // Round trip through storage (structured clone of plain data).
    const restarted = createCheckRateLimiter(CHECK_LIMITS, structuredClone(first.state()));
    const refused = restarted.take(1, start + 2_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAt).toBe(start + 60_000);
    // The hour's count carries over too: 28 more in other tabs, then the 31st of the hour is refused.
    for (let tab = 2; tab < 30; tab++) expect(restarted.take(tab, start + 61_000).allowed).toBe(true);
    const again = createCheckRateLimiter(CHECK_LIMITS, restarted.state());
    expect(again.take(99, start + 62_000).allowed).toBe(false);
    // Whatever was counted, the state keeps no more than the limits can use.
    const busy = createCheckRateLimiter();
    for (let t = 0; t < 10_000; t++) busy.take(t, start + t * 1_000_000);
    const state = busy.state();
    expect(state.all.length).toBeLessThanOrEqual(CHECK_LIMITS.perHour);
    expect(state.byTab.length).toBeLessThanOrEqual(CHECK_LIMITS.perHour);
    expect(JSON.stringify(state).length).toBeLessThan(2_000);
    // Anything else found under the key counts as nothing, not as an error.
    expect(createCheckRateLimiter(CHECK_LIMITS, { all: 'x' }).take(1, start).allowed).toBe(true);
  });
});

describe('history size budget', () => {
  it('finding 7: a check record is cut to its budget and the oldest checks go first when the history is full', () => {
    const verdict = loadVerdict('answered');
    const sources = sourcesFor(verdict).map((source) => ({ ...source, snippet: 'x'.repeat(50_000) }));
    const capture = {
      engine: 'google',
      query: verdict.question,
      url: `https://www.google.com/search?q=${'a'.repeat(100_000)}`,
      capturedAt: '2026-01-01T00:00:00.000Z',
      results: sources,
      extraction: 'selectors' as const,
    };
    const record = toCheckRecord('c1', capture, verdict);
    expect(record.size).toBeLessThanOrEqual(MAX_RECORD_CHARS);
    expect(JSON.stringify(record).length).toBeLessThanOrEqual(MAX_RECORD_CHARS + 20);
    expect(record.url.length).toBeLessThanOrEqual(4_096);
    const newestFirst = [
      { id: 'new', size: 40 },
      { id: 'mid', size: 40 },
      { id: 'old', size: 40 },
      { id: 'oldest', size: 40 },
    ];
    expect(beyondBudget(newestFirst, 100)).toEqual(['old', 'oldest']);
  });
});
