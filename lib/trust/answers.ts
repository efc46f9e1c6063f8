import { isIdk } from '../answers/idk';
import { answerTokens } from '../answers/normalize';
import type { SourceAssessment, Verdict } from '../core/verdict';
import { IDK } from './types';

/**
 * The comparable form of a keyword answer, the same one the pipeline votes with (case, punctuation,
 * articles, number and date formats), or IDK when it is no answer at all.
 */
export function normalizeAnswer(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || isIdk(raw)) return IDK;
  return answerTokens(raw).join(' ') || IDK;
}

/** What one source said, for the estimation set: IDK when it had nothing relevant to say. */
export function sourceResponse(source: SourceAssessment): string {
  if (source.stance === 'irrelevant') return IDK;
  return normalizeAnswer(source.answer);
}

/**
 * One response per domain for a verdict. When a site appears several times, its highest-ranked
 * answer counts (sources come in rank order), so a site cannot vote twice on one question.
 */
export function responsesOf(verdict: Verdict): Record<string, string> {
  const responses: Record<string, string> = {};
  for (const source of verdict.sources) {
    if (!source.domain) continue;
    const answer = sourceResponse(source);
    const previous = responses[source.domain];
    if (previous === undefined || (previous === IDK && answer !== IDK)) responses[source.domain] = answer;
  }
  return responses;
}
