import { useCallback, useState } from 'react';
import type { ClaimReviewChoice } from '@/lib/claims/review';
import { type Verdict, VerdictSchema } from '@/lib/core/verdict';
import { request } from '@/lib/messaging/client';

export interface ClaimReviewState {
  busyId: string | null;
  errors: Record<string, string>;
  onReview: (claimId: string, choice: ClaimReviewChoice) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reviews of the claims of one check's engine answer; the background answers with the updated verdict. */
export function useClaimReview(
  checkId: string | null,
  onResolved: (verdict: Verdict) => void,
): ClaimReviewState | undefined {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onReview = useCallback(
    (claimId: string, choice: ClaimReviewChoice) => {
      if (checkId === null) return;
      setBusyId(claimId);
      request({ type: 'review-claim', checkId, claimId, choice })
        .then((reply) => {
          onResolved(VerdictSchema.parse(reply));
          setErrors(({ [claimId]: _done, ...rest }) => rest);
        })
        .catch((error: unknown) => setErrors((current) => ({ ...current, [claimId]: messageOf(error) })))
        .finally(() => setBusyId(null));
    },
    [checkId, onResolved],
  );
  return checkId === null ? undefined : { busyId, errors, onReview };
}
