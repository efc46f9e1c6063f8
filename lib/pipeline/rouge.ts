import { isIdk } from '../answers/idk';
import { answerTokens } from '../answers/normalize';
import { IDK } from '../trust/types';

/** The RA-RAG misalignment threshold: below this ROUGE-1 precision an answer is not grounded in its source. */
export const ALIGNMENT_THRESHOLD = 0.9;

const plainTokens = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');

/**
 * ROUGE-1 precision of an answer against a source's text: the share of the answer's unigrams
 * (with multiplicity, clipped by their count in the text) that occur in the text.
 * Computed on plain tokens and on normalized tokens (so "3 March 2020" in the text grounds
 * "March 3, 2020"); the higher wins.
 */
export function rouge1Precision(answer: string, sourceText: string): number {
  const score = (answerTokensList: string[], textTokens: string[]): number => {
    if (answerTokensList.length === 0) return 0;
    const available = new Map<string, number>();
    for (const token of textTokens) available.set(token, (available.get(token) ?? 0) + 1);
    let hits = 0;
    for (const token of answerTokensList) {
      const left = available.get(token) ?? 0;
      if (left > 0) {
        hits++;
        available.set(token, left - 1);
      }
    }
    return hits / answerTokensList.length;
  };
  return Math.max(
    score(plainTokens(answer), plainTokens(sourceText)),
    score(answerTokens(answer), answerTokens(sourceText)),
  );
}

/** f_align: the answer, or IDK when it is not grounded in the source's own text. */
export function alignAnswer(answer: string, sourceText: string, threshold = ALIGNMENT_THRESHOLD): string {
  if (isIdk(answer)) return IDK;
  return rouge1Precision(answer, sourceText) >= threshold ? answer : IDK;
}
