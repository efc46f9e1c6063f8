import { z } from 'zod';
import { ReviewChoiceSchema } from '../core/verdict';

const unit = z.number().min(0).max(1);

export const OverrideKindSchema = z.enum(['trusted', 'distrusted', 'blocked', 'custom']);

/** The person's word on a site; it wins over the estimate. `weight` only for 'custom'. */
export const OverrideSchema = z
  .object({ kind: OverrideKindSchema, weight: unit.optional(), at: z.iso.datetime() })
  .refine((override) => override.kind !== 'custom' || override.weight !== undefined, {
    message: 'A custom override needs a weight between 0 and 1.',
  });
export type Override = z.infer<typeof OverrideSchema>;

/** A results page has at most this many sites; more in one question is not a real check. */
export const MAX_RESPONSES = 100;
export const MAX_ANSWER_CHARS = 300;
export const MAX_KEY_CHARS = 253;

export const ReviewLabelSchema = z.object({
  conflictId: z.string(),
  choice: ReviewChoiceSchema,
  at: z.iso.datetime(),
  accepted: z.array(z.string().max(MAX_ANSWER_CHARS)).max(MAX_RESPONSES),
  rejected: z.array(z.string().max(MAX_ANSWER_CHARS)).max(MAX_RESPONSES),
});

/** Where a check's results came from: a built-in engine, or a search instance the person added. */
export const SeenOnSchema = z.enum(['engine', 'custom']);
export type SeenOn = z.infer<typeof SeenOnSchema>;

/** One past check in the estimation set: what each site answered, and the person's reviews of it. */
export const StoredQuestionSchema = z.object({
  id: z.string().min(1).max(200),
  at: z.iso.datetime(),
  /** The question's comparable form: checking the same question again replaces it (it counts once). */
  key: z.string().max(2_000).optional(),
  seenOn: SeenOnSchema.optional(),
  responses: z
    .record(z.string().max(MAX_KEY_CHARS), z.string().max(MAX_ANSWER_CHARS))
    .refine((responses) => Object.keys(responses).length <= MAX_RESPONSES, {
      message: `A question holds at most ${MAX_RESPONSES} sites.`,
    }),
  reviews: z.array(ReviewLabelSchema).max(50).default([]),
});
export type StoredQuestion = z.infer<typeof StoredQuestionSchema>;

export const DomainEvidenceSchema = z.object({
  answered: z.number().int().nonnegative(),
  agreed: z.number().int().nonnegative(),
  reviewed: z.number().int().nonnegative(),
});

/** The estimator's last output, kept so a lookup costs one read and no re-estimation. */
export const EstimateCacheSchema = z.object({
  reliability: z.record(z.string(), unit),
  evidence: z.record(z.string(), DomainEvidenceSchema),
});
export type EstimateCache = z.infer<typeof EstimateCacheSchema>;

export const TrustStateSchema = z.object({
  questions: z.array(StoredQuestionSchema),
  overrides: z.record(z.string(), OverrideSchema),
  estimate: EstimateCacheSchema,
});
export type TrustState = z.infer<typeof TrustStateSchema>;

export const emptyTrustState = (): TrustState => ({
  questions: [],
  overrides: {},
  estimate: { reliability: {}, evidence: {} },
});

/** The file a person exports and imports: the evidence and the overrides, never the derived estimate. */
export const TRUST_EXPORT_FORMAT = 'search-fact-check/trust';
export const TrustExportSchema = z.object({
  format: z.literal(TRUST_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.iso.datetime(),
  questions: z.array(StoredQuestionSchema),
  overrides: z.record(z.string(), OverrideSchema),
});
export type TrustExport = z.infer<typeof TrustExportSchema>;
