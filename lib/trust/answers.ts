import type { SourceAssessment, Verdict } from '../core/verdict';
import { IDK } from './types';

/** Answers that mean "this source does not say". */
const NON_ANSWERS = new Set(['', 'idk', 'unknown', 'i dont know', 'i do not know', 'none', 'no answer', 'n a', 'na']);

/**
 * The comparable form of a keyword answer (case, accents, punctuation, articles, thousands separators),
 * or IDK when it is no answer at all. Two sources agree when their normalized answers are equal.
 */
export function normalizeAnswer(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return IDK;
  const text = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // 1,234,567 → 1234567 before commas become spaces.
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    // Keep decimal points, drop sentence dots.
    .replace(/\.(?!\d)|(?<!\d)\./g, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return NON_ANSWERS.has(text) ? IDK : text;
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
