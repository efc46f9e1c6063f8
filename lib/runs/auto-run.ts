import type { Trigger } from '../core/settings';
import { isQuestion } from '../serp/is-question';

/** Whether two readings of a tab ask the same question (case and surrounding spaces aside). */
export function sameQuestion(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Whether the person lets this query be checked without pressing Check. */
export function checksByItself(trigger: Trigger, query: string): boolean {
  if (trigger === 'manual' || !query.trim()) return false;
  return trigger === 'automatic' || isQuestion(query);
}

/** Whether a new capture starts a check by itself; never twice for the same question. */
export function shouldAutoRun(trigger: Trigger, query: string, previousQuestion: string | undefined): boolean {
  if (previousQuestion !== undefined && sameQuestion(previousQuestion, query)) return false;
  return checksByItself(trigger, query);
}
