import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { applyClaimReview, type ClaimReviewChoice } from '../claims/review';
import type { SerpCapture } from '../core/serp-capture';
import type { ReviewChoice, Verdict } from '../core/verdict';
import { applyReview } from '../trust/reviews';
import { awaitsReviewInQueue, type CheckRecord, CheckRecordSchema, matchesSearch, toCheckRecord } from './entry';

/** The most checks kept; the oldest go first. */
export const MAX_CHECKS = 2_000;
/** The most the history may hold, in characters of JSON; the oldest checks go first. */
export const MAX_HISTORY_CHARS = 30_000_000;

/**
 * Past checks in IndexedDB (the extension's origin: the background writes, pages may read).
 * Schema versions are explicit; a new index means a new version() line, never an edit of an old one.
 */
export class HistoryDb extends Dexie {
  declare checks: EntityTable<CheckRecord, 'id'>;

  /** `options` lets Node tests hand in an IndexedDB of their own (fake-indexeddb). */
  constructor(name = 'factcheck-history', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ checks: 'id, capturedAt, question' });
    // Sizes in an index, so the size budget is summed from the index alone, never from every row.
    this.version(2)
      .stores({ checks: 'id, capturedAt, question, [capturedAt+size]' })
      .upgrade((tx) =>
        tx
          .table('checks')
          .toCollection()
          .modify((row: { size?: unknown }) => {
            if (typeof row.size !== 'number') row.size = JSON.stringify(row).length;
          }),
      );
  }
}

let shared: HistoryDb | undefined;
export const historyDb = (): HistoryDb => {
  shared ??= new HistoryDb();
  return shared;
};

/** Rows are read back through the schema: a row another version wrote wrongly is skipped, not shown broken. */
function valid(raw: unknown): CheckRecord | undefined {
  const parsed = CheckRecordSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export async function saveCheck(
  db: HistoryDb,
  id: string,
  capture: SerpCapture,
  verdict: Verdict,
  budget = MAX_HISTORY_CHARS,
): Promise<Verdict> {
  const record = CheckRecordSchema.parse(toCheckRecord(id, capture, verdict));
  return db.transaction('rw', db.checks, async () => {
    const previous = valid(await db.checks.get(id));
    // The same check saved again (an answer box's claims added to it): the person's reviews stay applied.
    const reviewed = previous?.reviews.reduce((v, r) => applyReview(v, r.conflictId, r.choice, r.at), record.verdict);
    const stored = previous && reviewed ? { ...record, verdict: reviewed, reviews: previous.reviews } : record;
    await db.checks.put(stored);
    const excess = (await db.checks.count()) - MAX_CHECKS;
    if (excess > 0) await db.checks.orderBy('capturedAt').limit(excess).delete();
    await evictBeyondBudget(db, budget);
    return stored.verdict;
  });
}

/** Given checks newest first, the ids that do not fit in `budget` characters: the oldest ones. */
export function beyondBudget(newestFirst: Iterable<{ id: string; size: number }>, budget: number): string[] {
  let total = 0;
  const evicted: string[] = [];
  for (const { id, size } of newestFirst) {
    total += size;
    if (total > budget) evicted.push(id);
  }
  return evicted;
}

async function evictBeyondBudget(db: HistoryDb, budget: number): Promise<void> {
  const sizes: { id: string; size: number }[] = [];
  // A key cursor over [capturedAt+size]: no row is read, only the index.
  await db.checks
    .orderBy('[capturedAt+size]')
    .reverse()
    .eachKey((key, cursor) => {
      const size = Array.isArray(key) ? key[1] : undefined;
      if (typeof size === 'number') sizes.push({ id: String(cursor.primaryKey), size });
    });
  const evicted = beyondBudget(sizes, budget);
  if (evicted.length > 0) await db.checks.bulkDelete(evicted);
}

export async function getCheck(db: HistoryDb, id: string): Promise<CheckRecord | undefined> {
  return valid(await db.checks.get(id));
}

/** Valid checks newest first that pass `keep`, at most `limit`. */
async function newestWhere(db: HistoryDb, keep: (record: CheckRecord) => boolean, limit: number) {
  const found: CheckRecord[] = [];
  await db.checks
    .orderBy('capturedAt')
    .reverse()
    .until(() => found.length >= limit)
    .each((raw) => {
      const record = valid(raw);
      if (record && keep(record)) found.push(record);
    });
  return found;
}

/** Newest first, filtered by the words of `query`. */
export function searchChecks(db: HistoryDb, query = '', limit = 100): Promise<CheckRecord[]> {
  return newestWhere(db, (record) => matchesSearch(record, query), limit);
}

/** Checks with conflicts or claims of the engine's answer nobody has reviewed yet, newest first. */
export function reviewQueue(db: HistoryDb, limit = 50): Promise<CheckRecord[]> {
  return newestWhere(db, awaitsReviewInQueue, limit);
}

/** Stores a review on the check: in its list of reviews and on the verdict's conflict. */
export async function saveReview(
  db: HistoryDb,
  id: string,
  conflictId: string,
  choice: ReviewChoice,
  at: string,
): Promise<CheckRecord | undefined> {
  return db.transaction('rw', db.checks, async () => {
    const record = valid(await db.checks.get(id));
    if (!record) return undefined;
    const updated: CheckRecord = {
      ...record,
      verdict: applyReview(record.verdict, conflictId, choice, at),
      reviews: [...record.reviews.filter((review) => review.conflictId !== conflictId), { conflictId, choice, at }],
    };
    await db.checks.put(updated);
    return updated;
  });
}

/** Keeps the person's review of one claim of the engine's answer on the check. */
export async function saveClaimReview(
  db: HistoryDb,
  id: string,
  claimId: string,
  choice: ClaimReviewChoice,
  at: string,
): Promise<CheckRecord | undefined> {
  return db.transaction('rw', db.checks, async () => {
    const record = valid(await db.checks.get(id));
    if (!record) return undefined;
    const updated: CheckRecord = { ...record, verdict: applyClaimReview(record.verdict, claimId, choice, at) };
    await db.checks.put(updated);
    return updated;
  });
}

export async function deleteCheck(db: HistoryDb, id: string): Promise<void> {
  await db.checks.delete(id);
}
