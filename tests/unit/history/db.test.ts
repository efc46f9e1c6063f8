import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { ClaimResult } from '@/lib/core/claim-check';
import type { Verdict } from '@/lib/core/verdict';
import {
  deleteCheck,
  getCheck,
  HistoryDb,
  MAX_CHECKS,
  reviewQueue,
  saveCheck,
  saveClaimReview,
  saveReview,
  searchChecks,
} from '@/lib/history/db';
import { toCheckRecord } from '@/lib/history/entry';
import { loadVerdict, sourcesFor } from '../helpers/verdicts';

/** The real Dexie database on an IndexedDB of its own (fake-indexeddb), fresh for each test. */
const freshDb = () => new HistoryDb('history-test', { indexedDB: new IDBFactory(), IDBKeyRange });

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const captureOf = (verdict: Verdict, minute: number, snippet?: string) => ({
  engine: 'google',
  query: verdict.question,
  url: 'https://www.google.com/search?q=x',
  capturedAt: at(minute),
  results: sourcesFor(verdict).map((source) => (snippet ? { ...source, snippet } : source)),
  extraction: 'selectors' as const,
});

describe('the history database (Dexie on IndexedDB)', () => {
  it('finding 7: when the history is over its size budget the oldest checks go, the newest stay', async () => {
    const db = freshDb();
    const verdict = loadVerdict('answered');
    const filler = 'x'.repeat(20_000);
    const size = toCheckRecord('probe', captureOf(verdict, 0, filler), verdict).size ?? 0;
    expect(size).toBeGreaterThan(20_000);
    // Room for three such checks: saving a fourth and a fifth pushes the two oldest out.
    const budget = size * 3 + 100;
    // Saved out of order: the capture time, not the order of saving, says which is oldest.
    for (const minute of [3, 1, 2, 5, 4]) {
      await saveCheck(db, `c${minute}`, captureOf(verdict, minute, filler), verdict, budget);
    }
    const left = (await db.checks.toArray()).map((record) => record.id).sort();
    expect(left).toEqual(['c3', 'c4', 'c5']);
    db.close();
  });

  it('a history written before sizes were indexed is sized on upgrade, and its oldest checks still go', async () => {
    const indexedDB = new IDBFactory();
    const verdict = loadVerdict('answered');
    const filler = 'x'.repeat(20_000);
    const old = new Dexie('history-upgrade', { indexedDB, IDBKeyRange });
    old.version(1).stores({ checks: 'id, capturedAt, question' });
    for (const minute of [1, 2, 3]) {
      const { size: _size, ...unsized } = toCheckRecord(`c${minute}`, captureOf(verdict, minute, filler), verdict);
      await old.table('checks').put(unsized);
    }
    old.close();
    const db = new HistoryDb('history-upgrade', { indexedDB, IDBKeyRange });
    const size = toCheckRecord('probe', captureOf(verdict, 0, filler), verdict).size ?? 0;
    await saveCheck(db, 'c4', captureOf(verdict, 4, filler), verdict, size * 3 + 100);
    expect((await db.checks.toArray()).map((record) => record.id).sort()).toEqual(['c2', 'c3', 'c4']);
    expect((await db.checks.get('c2'))?.size).toBeGreaterThan(20_000);
    db.close();
  });

  it(`keeps at most ${MAX_CHECKS} checks, dropping the oldest`, async () => {
    const db = freshDb();
    const verdict = loadVerdict('refusal');
    const record = toCheckRecord('seed', captureOf(verdict, 0), verdict);
    await db.checks.bulkPut(
      Array.from({ length: MAX_CHECKS }, (_, i) => ({ ...record, id: `old${i}`, capturedAt: at(i) })),
    );
    await saveCheck(db, 'newest', captureOf(verdict, MAX_CHECKS + 1), verdict);
    expect(await db.checks.count()).toBe(MAX_CHECKS);
    expect(await getCheck(db, 'old0')).toBeUndefined();
    expect(await getCheck(db, 'old1')).toBeDefined();
    expect(await getCheck(db, 'newest')).toBeDefined();
    db.close();
  });

  it('a review survives the check being saved again; conflicts reviewed leave the review queue', async () => {
    const db = freshDb();
    const verdict = loadVerdict('misinformation');
    await saveCheck(db, 'm', captureOf(verdict, 1), verdict);
    await saveCheck(db, 'a', captureOf(loadVerdict('answered'), 2), loadVerdict('answered'));
    expect((await reviewQueue(db)).map((record) => record.id)).toEqual(['m']);
    const reviewed = await saveReview(db, 'm', 'c1', 'both', at(10));
    expect(reviewed?.reviews).toEqual([{ conflictId: 'c1', choice: 'both', at: at(10) }]);
    expect(reviewed?.verdict.conflicts[0]?.review).toBeDefined();
    // The same check saved again (a trust update, a re-run under the same id) keeps the person's reviews.
    await saveCheck(db, 'm', captureOf(verdict, 1), verdict);
    expect((await getCheck(db, 'm'))?.reviews).toHaveLength(1);
    // A second review of the same conflict replaces the first.
    await saveReview(db, 'm', 'c1', 'neither', at(11));
    expect((await getCheck(db, 'm'))?.reviews.map((review) => review.choice)).toEqual(['neither']);
    expect(await saveReview(db, 'missing', 'c1', 'both', at(12))).toBeUndefined();
    db.close();
  });

  it('searches newest first within a limit, skips rows another version wrote wrongly, deletes', async () => {
    const db = freshDb();
    for (const [minute, name] of [
      [1, 'answered'],
      [2, 'ambiguity'],
      [3, 'outdated'],
    ] as const) {
      await saveCheck(db, name, captureOf(loadVerdict(name), minute), loadVerdict(name));
    }
    await db.checks.put({ id: 'broken', capturedAt: at(9), question: 'x' } as never);
    expect((await searchChecks(db)).map((record) => record.id)).toEqual(['outdated', 'ambiguity', 'answered']);
    expect((await searchChecks(db, '', 2)).map((record) => record.id)).toEqual(['outdated', 'ambiguity']);
    expect((await searchChecks(db, 'jordan born')).map((record) => record.id)).toEqual(['ambiguity']);
    expect(await getCheck(db, 'broken')).toBeUndefined();
    await deleteCheck(db, 'ambiguity');
    expect((await searchChecks(db)).map((record) => record.id)).toEqual(['outdated', 'answered']);
    db.close();
  });

  it("stores the person's review of one claim of the engine's answer", async () => {
    const db = freshDb();
    const base = loadVerdict('answered');
    const claim: ClaimResult = {
      id: 'k1',
      text: 'It is so.',
      span: { start: 0, end: 9 },
      worth: 0.9,
      outcome: 'supported',
      weak: false,
      supportWeight: 1,
      contradictWeight: 0,
      evidence: [],
      unquoted: 0,
      cited: 'no-citations',
      explanation: 'Backed by the results.',
    };
    const verdict: Verdict = {
      ...base,
      claimCheck: {
        boxKind: 'ai-overview',
        boxText: 'It is so.',
        claims: [claim],
        leftOut: 0,
        split: 'model',
        claimsPerCall: 4,
        usage: { promptTokens: 1, completionTokens: 1, calls: 1, ms: 1 },
      },
    };
    await saveCheck(db, 'k', captureOf(verdict, 1), verdict);
    const updated = await saveClaimReview(db, 'k', 'k1', 'wrong', at(5));
    expect(updated?.verdict.claimCheck?.claims[0]?.review).toEqual({ choice: 'wrong', at: at(5) });
    expect((await getCheck(db, 'k'))?.verdict.claimCheck?.claims[0]?.review?.choice).toBe('wrong');
    expect(await saveClaimReview(db, 'missing', 'k1', 'right', at(6))).toBeUndefined();
    db.close();
  });
});
