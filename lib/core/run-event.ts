import { z } from 'zod';
import { ClaimCheckSchema } from './claim-check';
import { SerializedErrorSchema } from './errors';
import { UsageSchema, VerdictSchema } from './verdict';

/** Stages of a run, in the order the default run goes through them. */
export const StageSchema = z.enum([
  'fast-answer',
  'internal-knowledge',
  'consolidate',
  'finalize',
  'source-answers',
  'debate',
  'aggregate',
  'strategy',
  'claims',
  'claim-evidence',
  'trust-update',
  'model-load',
]);
export type Stage = z.infer<typeof StageSchema>;

const base = { runId: z.string(), at: z.number() };

export const RunEventSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('started'), question: z.string(), engine: z.string(), method: z.string() }),
  z.object({
    ...base,
    type: z.literal('stage'),
    stage: StageSchema,
    status: z.enum(['started', 'finished']),
    detail: z.string().optional(),
    ms: z.number().optional(),
    usage: UsageSchema.optional(),
  }),
  z.object({ ...base, type: z.literal('token'), stage: StageSchema, text: z.string() }),
  z.object({
    ...base,
    type: z.literal('model-progress'),
    progress: z.number().min(0).max(1),
    text: z.string(),
  }),
  z.object({ ...base, type: z.literal('partial'), verdict: VerdictSchema }),
  /** The engine's answer checked so far: every claim, pending until its evidence is read. */
  z.object({ ...base, type: z.literal('claim-check'), check: ClaimCheckSchema }),
  z.object({ ...base, type: z.literal('final'), verdict: VerdictSchema }),
  z.object({ ...base, type: z.literal('error'), error: SerializedErrorSchema }),
]);
export type RunEvent = z.infer<typeof RunEventSchema>;

/** A run event before the run stamps its id and time on it. */
export type RunEventBody = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, 'runId' | 'at'> : never) : never;
