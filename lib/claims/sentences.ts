import type { TextSpan } from '../core/claim-check';

export interface Sentence extends TextSpan {
  text: string;
}

// Abbreviations a sentence break after which is almost always wrong ("U.S. Census", "Dr. Smith").
const ABBREVIATION =
  /(?:\b(?:[A-Z]\.){1,3}|\b(?:Dr|Mr|Mrs|Ms|St|No|vs|etc|e\.g|i\.e|approx|est|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.)$/;

/** Sentence boundaries inside one line: the platform's segmenter where there is one, else punctuation. */
function boundaries(line: string): number[] {
  const cuts: number[] = [];
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
    for (const segment of segmenter.segment(line)) if (segment.index > 0) cuts.push(segment.index);
  } else {
    for (const match of line.matchAll(/[.!?。！？]+["'”’)]*\s+/g)) cuts.push(match.index + match[0].length);
  }
  return cuts;
}

/**
 * Splits the engine's answer into sentences with their spans in the original text: lines (an
 * overview's bullets and paragraphs) first, then sentences; a break after an abbreviation is undone.
 * Deterministic, so the same text always gives the same spans.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const lines = /[^\n]+/g;
  for (const line of text.matchAll(lines)) {
    const lineStart = line.index;
    const body = line[0];
    const cuts = [0, ...boundaries(body), body.length];
    let pending: { start: number; end: number } | null = null;
    for (let k = 0; k + 1 < cuts.length; k++) {
      const piece = { start: cuts[k] ?? 0, end: cuts[k + 1] ?? body.length };
      const current: { start: number; end: number } = pending ? { start: pending.start, end: piece.end } : piece;
      const raw = body.slice(current.start, current.end);
      if (ABBREVIATION.test(raw.trimEnd()) && k + 2 < cuts.length) {
        pending = current;
        continue;
      }
      pending = null;
      pushTrimmed(sentences, text, lineStart + current.start, lineStart + current.end);
    }
  }
  return sentences;
}

function pushTrimmed(into: Sentence[], text: string, start: number, end: number): void {
  let from = start;
  let to = end;
  // Bullets and list numbers are layout, not part of the claim.
  while (from < to && /[\s•·▪‣\-–—*]/.test(text.charAt(from))) from++;
  while (to > from && /\s/.test(text.charAt(to - 1))) to--;
  const body = text.slice(from, to);
  if (!/[\p{L}\p{N}]/u.test(body)) return;
  into.push({ start: from, end: to, text: body });
}
