import { useCallback, useState } from 'react';
import type { ReviewState } from '@/components/panel/ConflictList';
import { type ReviewChoice, type Verdict, VerdictSchema } from '@/lib/core/verdict';
import { request } from '@/lib/messaging/client';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reviews of one check's conflicts. The background stores each review on the check and in the trust
 * store together, and answers with the resolved verdict, which `onResolved` shows.
 */
export function useReview(checkId: string | null, onResolved: (verdict: Verdict) => void): ReviewState | undefined {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onReview = useCallback(
    (conflictId: string, choice: ReviewChoice) => {
      if (checkId === null) return;
      setBusyId(conflictId);
      request({ type: 'review-conflict', checkId, conflictId, choice })
        .then((reply) => {
          // Replies are checked like any other inbound value.
          onResolved(VerdictSchema.parse(reply));
          setErrors(({ [conflictId]: _done, ...rest }) => rest);
        })
        .catch((error: unknown) => setErrors((current) => ({ ...current, [conflictId]: messageOf(error) })))
        .finally(() => setBusyId(null));
    },
    [checkId, onResolved],
  );

  return checkId === null ? undefined : { busyId, errors, onReview };
}
