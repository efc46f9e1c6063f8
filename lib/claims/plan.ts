import type { ChatModel } from '../llm/chat-model';

/** Claims per evidence call on any backend, from the measurement below. */
export const CLAIMS_PER_CALL = 2;

/**
 * Claims per evidence call, chosen by measurement (`npm run bench:claims`: the saved Google AI
 * Overview, 6 claims on 10 results, lib/claims/README.md). Every call carries all the snippets, so
 * batching saves prompt tokens; a batch's output grows with its claims, so batching delays them.
 * One slot: 2 per call showed the first claim about as early as 1 per call (18 s vs 17–19 s) with
 * 45 % fewer prompt tokens and 15 % less total time; 3 or 6 per call saved a little more and showed
 * the first claim 9–10 s later. Parallel: 2 per call took 0.1–0.7 s longer than 1 per call (about
 * 6.5 s) for 45 % fewer prompt tokens and 3 fewer calls; only when the batches would outnumber the
 * slots do they grow, so that all of them still run in one round.
 */
export function claimsPerCall(model: Pick<ChatModel, 'maxConcurrency'>, claimCount: number): number {
  const slots = Math.max(1, model.maxConcurrency);
  if (slots === 1) return CLAIMS_PER_CALL;
  return Math.max(CLAIMS_PER_CALL, Math.ceil(claimCount / slots));
}
