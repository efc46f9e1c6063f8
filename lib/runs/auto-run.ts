import type { Trigger } from '../core/settings';

const QUESTION_WORDS =
  /^(who|whom|whose|what|when|where|which|why|how|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had)\b/i;

/** A query that asks something, as opposed to navigating ("facebook login") or browsing ("javascript tutorial"). */
export function looksLikeQuestion(query: string): boolean {
  const q = query.trim();
  if (q.endsWith('?')) return true;
  if (QUESTION_WORDS.test(q)) return true;
  // Fact-shaped lookups: "population of france", "boiling point of water", "tallest building in the world".
  return /\b(of|in|per)\b/i.test(q) && q.split(/\s+/).length >= 3;
}

/** Whether a new capture starts a check by itself; never twice for the same question. */
export function shouldAutoRun(trigger: Trigger, query: string, previousQuestion: string | undefined): boolean {
  if (trigger === 'manual' || !query.trim()) return false;
  if (previousQuestion !== undefined && previousQuestion.trim().toLowerCase() === query.trim().toLowerCase())
    return false;
  return trigger === 'automatic' || looksLikeQuestion(query);
}
