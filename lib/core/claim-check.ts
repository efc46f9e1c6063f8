import { z } from 'zod';
import { AnswerBoxKindSchema } from './serp-capture';
import { UsageSchema } from './usage';

const unit = z.number().min(0).max(1);

/** Where a piece of the engine's answer sits in its text: [start, end) in UTF-16 code units. */
export const TextSpanSchema = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });
export type TextSpan = z.infer<typeof TextSpanSchema>;

/**
 * supported / contradicted: the trust-weighted results side with / against the claim; disputed:
 * trusted results on both sides; not-found: no result addresses it; pending: not judged yet;
 * unchecked: the run's budget ran out before it was judged.
 */
export const ClaimOutcomeSchema = z.enum([
  'supported',
  'contradicted',
  'disputed',
  'not-found',
  'pending',
  'unchecked',
]);
export type ClaimOutcome = z.infer<typeof ClaimOutcomeSchema>;

/** One result's reading of one claim, with the snippet's own words that decide it. */
export const ClaimEvidenceSchema = z.object({
  sourceId: z.string(),
  url: z.string(),
  domain: z.string(),
  stance: z.enum(['supports', 'contradicts']),
  /** Verbatim from the snippet (checked), so a person can find it there. */
  quote: z.string(),
  trust: unit,
  /**
   * A site with no published rating, no past checks and no override: its trust is only the neutral
   * prior, so it cannot outvote a site the person's checks or the ratings stand behind.
   */
  unknownSite: z.boolean().default(false),
  /** The engine's answer box links to this result. */
  cited: z.boolean(),
});
export type ClaimEvidence = z.infer<typeof ClaimEvidenceSchema>;

/**
 * Whether the results the engine cites back the claim: supports / contradicts / silent (cited
 * results on the page do not address it), not-in-results (the cited pages are not among the
 * results, so their text is not here to read), no-citations (the box links nothing).
 */
export const CitedSupportSchema = z.enum(['supports', 'contradicts', 'silent', 'not-in-results', 'no-citations']);
export type CitedSupport = z.infer<typeof CitedSupportSchema>;

export const ClaimResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The sentence of the engine's answer the claim came from. */
  span: TextSpanSchema,
  worth: unit,
  outcome: ClaimOutcomeSchema,
  /** True when the winning side has no source of at least neutral trust. */
  weak: z.boolean().default(false),
  supportWeight: z.number().nonnegative(),
  contradictWeight: z.number().nonnegative(),
  evidence: z.array(ClaimEvidenceSchema),
  /** Readings the model gave whose quote is not in the snippet: not counted. */
  unquoted: z.number().int().nonnegative().default(0),
  cited: CitedSupportSchema,
  explanation: z.string(),
  review: z.object({ choice: z.enum(['right', 'wrong']), at: z.iso.datetime() }).optional(),
});
export type ClaimResult = z.infer<typeof ClaimResultSchema>;

export const ClaimCheckSchema = z.object({
  /** The engine's answer box, or 'consolidated-answer': the check's own answer when it is more than a few words. */
  boxKind: z.union([AnswerBoxKindSchema, z.literal('consolidated-answer')]),
  /** The engine's answer as the person saw it; every span points into it. */
  boxText: z.string(),
  claims: z.array(ClaimResultSchema),
  /** Claims found but not checked, beyond the most check-worthy ones. */
  leftOut: z.number().int().nonnegative(),
  /** 'model' when the model split the claims, 'sentences' when its output could not be read. */
  split: z.enum(['model', 'sentences']),
  claimsPerCall: z.number().int().positive(),
  usage: UsageSchema,
});
export type ClaimCheck = z.infer<typeof ClaimCheckSchema>;
