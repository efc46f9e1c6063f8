import { z } from 'zod';
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
});
export type CheckRecord = z.infer<typeof CheckRecordSchema>;

export function toCheckRecord(id: string, capture: SerpCapture, verdict: Verdict): CheckRecord {
  return {
    id,
    question: capture.query,
    engine: capture.engine,
    url: capture.url,
    capturedAt: capture.capturedAt,
    verdict,
    reviews: [],
    sources: capture.results,
  };
}

/** Conflicts of a check nobody has reviewed yet. */
export function openConflicts(record: CheckRecord) {
  return record.verdict.conflicts.filter((conflict) => conflict.review === undefined);
}

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
