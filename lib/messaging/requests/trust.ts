import { z } from 'zod';
import { ReviewChoiceSchema, type Verdict } from '../../core/verdict';
import type { TrustRow } from '../../trust/table';

const domain = z.string().min(1).max(253);
const OverrideInputSchema = z.object({
  kind: z.enum(['trusted', 'distrusted', 'blocked', 'custom']),
  weight: z.number().min(0).max(1).optional(),
});

/** Pages read and change per-site trust, and review conflicts; the background owns the store. */
export const trustRequests = [
  z.object({ type: z.literal('get-trust-table') }),
  z.object({ type: z.literal('get-trust'), domains: z.array(domain).max(500) }),
  z.object({ type: z.literal('set-override'), domain, override: OverrideInputSchema.nullable() }),
  z.object({ type: z.literal('reset-trust'), domain: domain.optional() }),
  // 20 MB: far above a real export (500 questions), far below what would hurt the worker.
  z.object({ type: z.literal('import-trust'), json: z.string().max(20_000_000), mode: z.enum(['merge', 'replace']) }),
  z.object({ type: z.literal('export-trust') }),
  z.object({
    type: z.literal('review-conflict'),
    checkId: z.string().min(1),
    conflictId: z.string(),
    choice: ReviewChoiceSchema,
  }),
  z.object({
    type: z.literal('review-claim'),
    checkId: z.string().min(1),
    claimId: z.string().min(1).max(20),
    choice: z.enum(['right', 'wrong']),
  }),
] as const;

export interface TrustResponses {
  'get-trust-table': TrustRow[];
  'get-trust': Record<string, TrustRow>;
  'set-override': TrustRow;
  'reset-trust': null;
  'import-trust': { questions: number; overrides: number };
  'export-trust': { json: string };
  /** The check's verdict with the person's resolution on the conflict. */
  'review-conflict': Verdict;
  /** The check's verdict with the person's review on the claim of the engine's answer. */
  'review-claim': Verdict;
}
