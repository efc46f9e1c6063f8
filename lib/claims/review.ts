import type { ClaimResult } from '../core/claim-check';
import { FactCheckError } from '../core/errors';
import type { Verdict } from '../core/verdict';
import type { LabelledQuestion } from '../trust/store';

export type ClaimReviewChoice = 'right' | 'wrong';

/** What each site said about the claim, as the answers the estimator compares: "true" or "false". */
const SAYS = { supports: 'true', contradicts: 'false' } as const;

/**
 * A reviewed claim as one question of the RA-RAG estimation set, counted like a reviewed conflict:
 * each site that read the claim answered "true" (supports) or "false" (contradicts); the person's
 * "right" labels "true" the answer, "wrong" labels "false". Sites on the person's side gain trust,
 * the others lose it. Its id is the check's and the claim's, so a changed review replaces the old one.
 */
export function claimReviewQuestion(
  checkId: string,
  claim: ClaimResult,
  choice: ClaimReviewChoice,
  at: string,
): LabelledQuestion {
  const responses: Record<string, string> = {};
  for (const item of claim.evidence) responses[item.domain] ??= SAYS[item.stance];
  const right = choice === 'right' ? SAYS.supports : SAYS.contradicts;
  const wrong = choice === 'right' ? SAYS.contradicts : SAYS.supports;
  return {
    id: `${checkId}#${claim.id}`,
    at,
    responses,
    label: { conflictId: claim.id, choice: choice === 'right' ? 'a' : 'b', at, accepted: [right], rejected: [wrong] },
  };
}

/**
 * A claim a person should look at: the results contradict it, trusted results disagree about it,
 * or only low-trust sites back it (weak). Once reviewed, it no longer waits.
 */
export function awaitsReview(claim: ClaimResult): boolean {
  if (claim.review !== undefined) return false;
  return (
    claim.outcome === 'contradicted' || claim.outcome === 'disputed' || (claim.outcome === 'supported' && claim.weak)
  );
}

export function claimOf(verdict: Verdict, claimId: string): ClaimResult {
  const claim = verdict.claimCheck?.claims.find((candidate) => candidate.id === claimId);
  if (!claim) throw new FactCheckError('bad-input', `This check has no claim ${claimId}.`);
  return claim;
}

/** The verdict with the person's review on the claim (the latest word counts). */
export function applyClaimReview(verdict: Verdict, claimId: string, choice: ClaimReviewChoice, at: string): Verdict {
  const check = verdict.claimCheck;
  if (!check) return verdict;
  return {
    ...verdict,
    claimCheck: {
      ...check,
      claims: check.claims.map((claim) => (claim.id === claimId ? { ...claim, review: { choice, at } } : claim)),
    },
  };
}
