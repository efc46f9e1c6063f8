import { describe, expect, it } from 'vitest';
import { memoryArea } from '@/lib/storage/area';
import { estimateReliability } from '@/lib/trust/estimator';
import { createTrustStore } from '@/lib/trust/store';
import type { TrustRow } from '@/lib/trust/table';
import { MAX_TREND_POINTS, MAX_TREND_SITES, trustTrendItem, withTrendPoints, withTrustTrend } from '@/lib/trust/trend';
import { loadVerdict } from '../helpers/verdicts';

const row = (domain: string, estimated: number, answered = 1): TrustRow => ({
  domain,
  reliability: estimated,
  rating: null,
  estimated,
  evidence: { answered, agreed: answered, reviewed: 0 },
  override: null,
  blocked: false,
  lastSeen: null,
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute)).toISOString();

describe('the trust-over-time line of each site', () => {
  it('adds a point when the estimate moves, not for a hair, and not for sites without evidence', () => {
    let trend = withTrendPoints({}, [row('a.org', 0.5), row('b.org', 0.5, 0)], at(0));
    expect(trend).toEqual({ 'a.org': [{ at: at(0), reliability: 0.5 }] });
    trend = withTrendPoints(trend, [row('a.org', 0.502)], at(1));
    expect(trend['a.org']).toHaveLength(1);
    trend = withTrendPoints(trend, [row('a.org', 0.7)], at(2));
    expect(trend['a.org']?.map((point) => point.reliability)).toEqual([0.5, 0.7]);
  });

  it('keeps the latest points of each line, and the most recently updated sites', () => {
    let trend = {};
    for (let i = 0; i < MAX_TREND_POINTS + 5; i++) trend = withTrendPoints(trend, [row('a.org', (i % 2) * 0.5)], at(i));
    const line = withTrendPoints(trend, [], at(59))['a.org'] ?? [];
    expect(line).toHaveLength(MAX_TREND_POINTS);
    expect(line.at(-1)?.at).toBe(at(MAX_TREND_POINTS + 4));

    const many = Array.from({ length: MAX_TREND_SITES }, (_, i) => row(`s${i}.org`, 0.5));
    const full = withTrendPoints({}, many, at(0));
    const next = withTrendPoints(full, [row('new.org', 0.6), row('s7.org', 0.9)], at(1));
    expect(Object.keys(next)).toHaveLength(MAX_TREND_SITES);
    expect(next['new.org']).toBeDefined();
    expect(next['s7.org']).toHaveLength(2);
  });

  it('follows the real store: a check adds points, a reset site loses its line, a broken trend fails nothing', async () => {
    const area = memoryArea();
    const item = trustTrendItem(area);
    const store = withTrustTrend(
      createTrustStore(area, (questions) => estimateReliability(questions)),
      item,
      () => new Date(at(0)),
    );
    const verdict = loadVerdict('misinformation');
    await store.recordVerdict(verdict, 'check-1');
    const trend = await item.get();
    const domains = Object.keys(trend);
    expect(domains.length).toBeGreaterThan(1);
    const answered = (await store.table()).filter((r) => r.evidence.answered > 0).map((r) => r.domain);
    expect(domains.sort()).toEqual(answered.sort());
    const first = domains[0] ?? '';
    await store.reset(first);
    expect(Object.keys(await item.get())).not.toContain(first);
    await store.reset();
    expect(await item.get()).toEqual({});

    const failing = withTrustTrend(
      createTrustStore(memoryArea(), (q) => estimateReliability(q)),
      {
        ...item,
        update: async () => Promise.reject(new Error('quota')),
      },
    );
    await expect(failing.recordVerdict(verdict, 'check-2')).resolves.toBeUndefined();
    expect((await failing.table()).length).toBeGreaterThan(0);
  });

  it('hands every argument and every method to the store it wraps (a custom instance stays custom)', async () => {
    const inner = createTrustStore(memoryArea(), (q) => estimateReliability(q));
    const seen: unknown[][] = [];
    const spied = {
      ...inner,
      recordVerdict: async (...args: Parameters<typeof inner.recordVerdict>) => void seen.push(args),
    };
    const store = withTrustTrend(spied, trustTrendItem(memoryArea()));
    const verdict = loadVerdict('misinformation');
    await store.recordVerdict(verdict, 'check-1', 'custom');
    expect(seen).toEqual([[verdict, 'check-1', 'custom']]);
    expect(Object.keys(store).sort()).toEqual(Object.keys(inner).sort());
  });
});
