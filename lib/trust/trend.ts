import { z } from 'zod';
import type { StorageArea } from '../storage/area';
import { defineItem, type VersionedItem } from '../storage/versioned-item';
import type { TrustStore } from './store';
import type { TrustRow } from './table';

/** Points kept per site: enough for a line of the last few weeks of checks, small in storage. */
export const MAX_TREND_POINTS = 30;
/** Sites kept; the ones updated longest ago go first. */
export const MAX_TREND_SITES = 1_000;

const TrendPointSchema = z.object({ at: z.iso.datetime(), reliability: z.number().min(0).max(1) });
export type TrendPoint = z.infer<typeof TrendPointSchema>;

/** Each site's estimated reliability after each change of the estimate, oldest first. */
export const TrustTrendSchema = z.record(z.string(), z.array(TrendPointSchema).max(MAX_TREND_POINTS));
export type TrustTrend = z.infer<typeof TrustTrendSchema>;

export const trustTrendItem = (area: StorageArea): VersionedItem<TrustTrend> =>
  defineItem(area, { key: 'trust-trend', schema: TrustTrendSchema, version: 1, fallback: () => ({}) });

/** A change smaller than this is not a new point (re-estimates move every site a hair). */
const MIN_CHANGE = 0.005;

/**
 * The trend after the estimate changed: a point for each site the store has evidence for whose
 * estimate moved (or that has no point yet), each line bounded, the least recent sites dropped.
 * Overrides are the person's word, not an estimate: the line follows the estimate alone.
 */
export function withTrendPoints(trend: TrustTrend, rows: readonly TrustRow[], at: string): TrustTrend {
  const next: TrustTrend = { ...trend };
  for (const row of rows) {
    if (row.evidence.answered === 0) continue;
    const line = next[row.domain] ?? [];
    const last = line.at(-1);
    if (last && Math.abs(last.reliability - row.estimated) < MIN_CHANGE) continue;
    next[row.domain] = [...line, { at, reliability: row.estimated }].slice(-MAX_TREND_POINTS);
  }
  const sites = Object.entries(next);
  if (sites.length <= MAX_TREND_SITES) return next;
  const lastAt = ([, line]: [string, TrendPoint[]]) => line.at(-1)?.at ?? '';
  sites.sort((a, b) => lastAt(b).localeCompare(lastAt(a)));
  return Object.fromEntries(sites.slice(0, MAX_TREND_SITES));
}

/**
 * The trust store, with a point added to each site's trend after every change that re-estimates;
 * a reset site loses its line too. A trend that cannot be written never fails the change itself:
 * the line is a picture, the store is the truth.
 */
export function withTrustTrend(store: TrustStore, item: VersionedItem<TrustTrend>, now = () => new Date()): TrustStore {
  const change = async (edit: (trend: TrustTrend, rows: TrustRow[]) => TrustTrend) => {
    try {
      const rows = await store.table();
      await item.update((trend) => edit(trend, rows));
    } catch (error) {
      console.warn('trust trend not recorded', error);
    }
  };
  const addPoints = () => change((trend, rows) => withTrendPoints(trend, rows, now().toISOString()));
  return {
    // Reads pass straight through; every change that re-estimates adds a point below.
    ...store,
    async recordVerdict(verdict, checkId, seenOn) {
      await store.recordVerdict(verdict, checkId, seenOn);
      await addPoints();
    },
    async recordReview(input) {
      await store.recordReview(input);
      await addPoints();
    },
    async recordLabelledQuestion(question) {
      await store.recordLabelledQuestion(question);
      await addPoints();
    },
    async importJson(text, mode) {
      const summary = await store.importJson(text, mode);
      await addPoints();
      return summary;
    },
    async reset(domain) {
      await store.reset(domain);
      // A site the store forgot loses its line (the store knows how a typed domain maps to a site).
      await change((trend, rows) => {
        const known = new Set(rows.filter((row) => row.evidence.answered > 0).map((row) => row.domain));
        return Object.fromEntries(Object.entries(trend).filter(([site]) => known.has(site)));
      });
    },
  };
}
