import { z } from 'zod';
import { ClaimCheckSchema } from './claim-check';
import { UsageSchema } from './usage';

export { emptyUsage, type Usage, UsageSchema } from './usage';

const unit = z.number().min(0).max(1);

export const StrategySchema = z.enum(['all', 'internal', 'external', 'refuse']);
export type Strategy = z.infer<typeof StrategySchema>;

/** 'claims' checks only the engine's own answer, claim by claim (the "Check the AI answer" action). */
export const MethodSchema = z.enum(['norag', 'concat', 'astute', 'madam', 'auto', 'claims']);
export type Method = z.infer<typeof MethodSchema>;

/** Passages that say the same thing, merged into one claim. */
export const ClaimGroupSchema = z.object({
  id: z.string(),
  answer: z.string(),
  summary: z.string(),
  sourceIds: z.array(z.string()),
  fromMemory: z.boolean(),
  confidence: unit,
});
export type ClaimGroup = z.infer<typeof ClaimGroupSchema>;

export const ConflictKindSchema = z.enum(['ambiguity', 'misinformation', 'outdated', 'unclear']);
export type ConflictKind = z.infer<typeof ConflictKindSchema>;

export const ReviewChoiceSchema = z.enum(['a', 'b', 'both', 'neither']);
export type ReviewChoice = z.infer<typeof ReviewChoiceSchema>;

export const ConflictSchema = z.object({
  id: z.string(),
  /** The two sides: groupIds[0] is side A, groupIds[1] side B (more when several answers compete). */
  groupIds: z.array(z.string()).min(2),
  kind: ConflictKindSchema,
  resolution: z.string(),
  review: z.object({ choice: ReviewChoiceSchema, at: z.iso.datetime() }).optional(),
});
export type Conflict = z.infer<typeof ConflictSchema>;

export const StanceSchema = z.enum(['supports', 'contradicts', 'irrelevant']);
export type Stance = z.infer<typeof StanceSchema>;

export const SourceAssessmentSchema = z.object({
  sourceId: z.string(),
  url: z.string(),
  domain: z.string(),
  stance: StanceSchema,
  groupId: z.string().nullable(),
  trust: unit,
  /** The source's own short answer, when it was asked for one. */
  answer: z.string().optional(),
});
export type SourceAssessment = z.infer<typeof SourceAssessmentSchema>;

export const AnswerBoxCheckSchema = z.object({
  status: z.enum(['supported', 'contradicted', 'unverified']),
  explanation: z.string(),
});
export type AnswerBoxCheck = z.infer<typeof AnswerBoxCheckSchema>;

export const VerdictSchema = z.object({
  question: z.string(),
  method: MethodSchema,
  strategy: StrategySchema,
  /** Empty when refusing; several when the question is genuinely ambiguous. */
  answers: z.array(z.string()),
  finalAnswer: z.string().nullable(),
  explanation: z.string(),
  confidence: unit,
  groups: z.array(ClaimGroupSchema),
  conflicts: z.array(ConflictSchema),
  sources: z.array(SourceAssessmentSchema),
  answerBoxCheck: AnswerBoxCheckSchema.optional(),
  /** The engine's own answer checked claim by claim against the results (lib/claims). */
  claimCheck: ClaimCheckSchema.optional(),
  /** The check's own answer, claim by claim, when it is longer than a short answer. */
  answerCheck: ClaimCheckSchema.optional(),
  usage: UsageSchema,
});
export type Verdict = z.infer<typeof VerdictSchema>;
