import type { ClaimResult } from '../core/claim-check';
import { FactCheckError } from '../core/errors';
import type { Verdict } from '../core/verdict';
import { questionKey } from '../trust/answers';
import type { LabelledQuestion } from '../trust/store';

export type ClaimReviewChoice = 'right' | 'wrong';

/** What each site said about the claim, as the answers the estimator compares: "true" or "false". */
const SAYS = { supports: 'true', contradicts: 'false' } as const;

/**
 * The same claim of the same question, in whatever check: case, punctuation and number forms do not
 * make a new one. `#` never occurs in a question's key, so no checked question shares it.
 */
export function claimReviewKey(question: string, claimText: string): string {
  return `claim#${questionKey(question)}#${questionKey(claimText)}`.slice(0, 2_000);
}

/**
 * A reviewed claim as one question of the RA-RAG estimation set, counted like a reviewed conflict:
 * each site that read the claim answered "true" (supports) or "false" (contradicts); the person's
 * "right" labels "true" the answer, "wrong" labels "false". Sites on the person's side gain trust,
 * the others lose it. Its key is the question's and the claim's, so a changed review, or the same
 * claim reviewed again in another check of the question, replaces the old one (it counts once).
 */
export function claimReviewQuestion(
  checkId: string,
  question: string,
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
    key: claimReviewKey(question, claim.text),
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
