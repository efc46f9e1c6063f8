import { isIdk } from '../answers/idk';
import { answerTokens } from '../answers/normalize';
import type { SourceAssessment, Verdict } from '../core/verdict';
import { trustKey } from './domain';
import { MAX_ANSWER_CHARS, MAX_RESPONSES } from './state';
import { IDK } from './types';

/** Invisible characters (zero-width, joiners, bidi marks, soft hyphen): "19\u200b63" is "1963". */
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|\u034F/gu;

export const withoutInvisible = (text: string) => text.replace(INVISIBLE, '');

/**
 * The comparable form of a keyword answer, the same one the pipeline votes with (case, punctuation,
 * articles, number and date formats), or IDK when it is no answer at all.
 */
export function normalizeAnswer(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return IDK;
  const visible = withoutInvisible(raw);
  if (isIdk(visible)) return IDK;
  return answerTokens(visible).join(' ').slice(0, MAX_ANSWER_CHARS) || IDK;
}

/** What one source said, for the estimation set: IDK when it had nothing relevant to say. */
export function sourceResponse(source: SourceAssessment): string {
  if (source.stance === 'irrelevant') return IDK;
  return normalizeAnswer(source.answer);
}

/**
 * One response per site for a verdict, keyed by the site key. When a site appears several times, its
 * highest-ranked answer counts (sources come in rank order), so a site cannot vote twice on one
 * question; at most MAX_RESPONSES sites, so one page moves at most that many sites one step each.
 */
export function responsesOf(verdict: Verdict): Record<string, string> {
  const responses = new Map<string, string>();
  for (const source of verdict.sources) {
    const key = trustKey(source.domain);
    if (!key) continue;
    const answer = sourceResponse(source);
    const previous = responses.get(key);
    if (previous === undefined && responses.size >= MAX_RESPONSES) continue;
    if (previous === undefined || (previous === IDK && answer !== IDK)) responses.set(key, answer);
  }
  return Object.fromEntries(responses);
}

/** The comparable form of a question: the same question checked again is the same key. */
export function questionKey(question: string): string {
  // The answers' normal form: case, punctuation, articles and number words do not make a new question.
  return answerTokens(withoutInvisible(question)).join(' ').slice(0, 2_000);
}
