import type { ClaimReviewChoice } from '@/lib/claims/review';
import type { Verdict } from '@/lib/core/verdict';
import { request } from '@/lib/messaging/client';
import { type SendReview, useVerdictReview, type VerdictReviewState } from './useVerdictReview';

export type ClaimReviewState = VerdictReviewState<ClaimReviewChoice>;

const reviewClaim: SendReview<ClaimReviewChoice> = (checkId, claimId, choice) =>
  request({ type: 'review-claim', checkId, claimId, choice });

/** Reviews of the claims of one check's engine answer; the background answers with the updated verdict. */
export function useClaimReview(
  checkId: string | null,
  onResolved: (verdict: Verdict) => void,
): ClaimReviewState | undefined {
  return useVerdictReview(checkId, onResolved, reviewClaim);
}
