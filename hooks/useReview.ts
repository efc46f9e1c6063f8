import type { ReviewState } from '@/components/panel/ConflictList';
import type { ReviewChoice, Verdict } from '@/lib/core/verdict';
import { request } from '@/lib/messaging/client';
import { type SendReview, useVerdictReview } from './useVerdictReview';

const reviewConflict: SendReview<ReviewChoice> = (checkId, conflictId, choice) =>
  request({ type: 'review-conflict', checkId, conflictId, choice });

/** Reviews of one check's conflicts; the background answers with the resolved verdict, which `onResolved` shows. */
export function useReview(checkId: string | null, onResolved: (verdict: Verdict) => void): ReviewState | undefined {
  return useVerdictReview(checkId, onResolved, reviewConflict);
}
