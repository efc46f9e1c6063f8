import { z } from 'zod';
import { awaitsReview } from '../claims/review';
import type { SerpCapture } from '../core/serp-capture';
import { SourceSchema } from '../core/source';
import { ReviewChoiceSchema, type Verdict, VerdictSchema } from '../core/verdict';

export const CheckReviewSchema = z.object({ conflictId: z.string(), choice: ReviewChoiceSchema, at: z.iso.datetime() });
export type CheckReview = z.infer<typeof CheckReviewSchema>;

/** One past check: what was asked where, what the run concluded, and the person's reviews of it. */
export const CheckRecordSchema = z.object({
  /** The run's id; the trust store files the check's answers under the same id. */
  id: z.string().min(1),
  question: z.string(),
  engine: z.string(),
  url: z.string(),
  capturedAt: z.iso.datetime(),
  verdict: VerdictSchema,
  reviews: z.array(CheckReviewSchema),
  /** The results as captured (titles, snippets), so a reopened check reads like the live one. */
  sources: z.array(SourceSchema).default([]),
  /** The record's size in characters of JSON, for the history's size budget. */
  size: z.number().int().nonnegative().optional(),
});
export type CheckRecord = z.infer<typeof CheckRecordSchema>;

/** One check's share of the history at most: a page that fills every field is cut down to this. */
export const MAX_RECORD_CHARS = 200_000;
const MAX_URL_CHARS = 4_096;

export function toCheckRecord(id: string, capture: SerpCapture, verdict: Verdict): CheckRecord {
  const record: CheckRecord = {
    id,
    question: capture.query.slice(0, 5_000),
    engine: capture.engine.slice(0, 64),
    url: capture.url.slice(0, MAX_URL_CHARS),
    capturedAt: capture.capturedAt,
    verdict,
    reviews: [],
    sources: capture.results.filter((source) => source.url.length <= MAX_URL_CHARS),
  };
  let size = JSON.stringify(record).length;
  if (size > MAX_RECORD_CHARS) {
    // The captured snippets are the bulk and the least needed: the verdict keeps what was concluded.
    record.sources = record.sources.map((source) => ({ ...source, snippet: source.snippet.slice(0, 300) }));
    size = JSON.stringify(record).length;
    if (size > MAX_RECORD_CHARS) record.sources = [];
    size = JSON.stringify(record).length;
  }
  return { ...record, size };
}

/** Conflicts of a check nobody has reviewed yet. */
export function openConflicts(record: CheckRecord) {
  return record.verdict.conflicts.filter((conflict) => conflict.review === undefined);
}

/** Claims of the engine's answer that wait for the person's right / wrong (contradicted, disputed, weak). */
export function openClaims(record: CheckRecord) {
  return record.verdict.claimCheck?.claims.filter(awaitsReview) ?? [];
}

/** Does the check wait in the "To review" queue: a conflict or a claim nobody has judged yet? */
export const awaitsReviewInQueue = (record: CheckRecord): boolean =>
  openConflicts(record).length > 0 || openClaims(record).length > 0;

/** Case-insensitive match on the question, the answers and the sites. Every word must occur. */
export function matchesSearch(record: CheckRecord, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    record.question,
    record.engine,
    record.verdict.finalAnswer ?? '',
    ...record.verdict.answers,
    ...record.verdict.sources.map((source) => source.domain),
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
