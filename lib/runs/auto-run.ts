import type { Trigger } from '../core/settings';
import { isQuestion } from '../serp/is-question';

/** Whether a new capture starts a check by itself; never twice for the same question. */
export function shouldAutoRun(trigger: Trigger, query: string, previousQuestion: string | undefined): boolean {
  if (trigger === 'manual' || !query.trim()) return false;
  if (previousQuestion !== undefined && previousQuestion.trim().toLowerCase() === query.trim().toLowerCase())
    return false;
  return trigger === 'automatic' || isQuestion(query);
}
