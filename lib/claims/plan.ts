import type { ChatModel } from '../llm/chat-model';

/**
 * Claims per evidence call, chosen by measurement (scripts/bench-claims.ts, DESIGN.md "Claim
 * check"): every call carries all the snippets, so on a one-request-at-a-time model fewer, larger
 * calls save the repeated prompt while a batch of 2 still shows the first claims early; a provider
 * that serves calls in parallel answers one claim per call in about the time of one call.
 */
export function claimsPerCall(model: Pick<ChatModel, 'maxConcurrency'>, claimCount: number): number {
  if (claimCount <= 1) return 1;
  if (model.maxConcurrency >= claimCount) return 1;
  if (model.maxConcurrency > 1) return Math.ceil(claimCount / model.maxConcurrency);
  return ONE_SLOT_BATCH;
}

export const ONE_SLOT_BATCH = 2;
