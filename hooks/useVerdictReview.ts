import { useCallback, useState } from 'react';
import { type Verdict, VerdictSchema } from '@/lib/core/verdict';

/** Reviews of the items (conflicts, claims) of one check, one request each; errors kept per item. */
export interface VerdictReviewState<Choice> {
  /** The item whose review is on its way to the background. */
  busyId: string | null;
  errors: Record<string, string>;
  onReview(itemId: string, choice: Choice): void;
}

/** Sends one review to the background, which answers with the check's updated verdict. */
export type SendReview<Choice> = (checkId: string, itemId: string, choice: Choice) => Promise<unknown>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The review of one item of a check: the background stores it on the check and in the trust store
 * together, and answers with the updated verdict, which `onResolved` shows. `send` must be stable
 * (defined once, outside the component).
 */
export function useVerdictReview<Choice>(
  checkId: string | null,
  onResolved: (verdict: Verdict) => void,
  send: SendReview<Choice>,
): VerdictReviewState<Choice> | undefined {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onReview = useCallback(
    (itemId: string, choice: Choice) => {
      if (checkId === null) return;
      setBusyId(itemId);
      send(checkId, itemId, choice)
        .then((reply) => {
          // Replies are checked like any other inbound value.
          onResolved(VerdictSchema.parse(reply));
          setErrors(({ [itemId]: _done, ...rest }) => rest);
        })
        .catch((error: unknown) => setErrors((current) => ({ ...current, [itemId]: messageOf(error) })))
        .finally(() => setBusyId(null));
    },
    [checkId, onResolved, send],
  );
  return checkId === null ? undefined : { busyId, errors, onReview };
}
