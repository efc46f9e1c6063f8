import type { CitedSupport, ClaimOutcome, ClaimResult } from '../core/claim-check';

/** Worst first: a sentence holding several claims is marked by its worst one. */
const SEVERITY: ClaimOutcome[] = ['contradicted', 'disputed', 'unchecked', 'not-found', 'pending', 'supported'];

export function worstOutcome(outcomes: readonly ClaimOutcome[]): ClaimOutcome | null {
  return SEVERITY.find((outcome) => outcomes.includes(outcome)) ?? null;
}

export interface TextSegment {
  /** Where the piece starts in the text (a stable key). */
  start: number;
  text: string;
  /** The claims whose sentence this piece is; empty for text between them. */
  claimIds: string[];
  outcome: ClaimOutcome | null;
}

/** The engine's text cut at the claims' sentence spans, each marked piece with its worst outcome. */
export function markSegments(text: string, claims: readonly ClaimResult[]): TextSegment[] {
  const spans = new Map<string, { start: number; end: number; claims: ClaimResult[] }>();
  for (const claim of claims) {
    const start = Math.max(0, Math.min(text.length, claim.span.start));
    const end = Math.max(start, Math.min(text.length, claim.span.end));
    if (end === start) continue;
    const key = `${start}:${end}`;
    const entry = spans.get(key) ?? { start, end, claims: [] };
    entry.claims.push(claim);
    spans.set(key, entry);
  }
  const ordered = [...spans.values()].sort((a, b) => a.start - b.start);
  const segments: TextSegment[] = [];
  let at = 0;
  for (const span of ordered) {
    if (span.start < at) continue; // overlapping spans: the first one keeps the text
    if (span.start > at) segments.push({ start: at, text: text.slice(at, span.start), claimIds: [], outcome: null });
    segments.push({
      start: span.start,
      text: text.slice(span.start, span.end),
      claimIds: span.claims.map((claim) => claim.id),
      outcome: worstOutcome(span.claims.map((claim) => claim.outcome)),
    });
    at = span.end;
  }
  if (at < text.length) segments.push({ start: at, text: text.slice(at), claimIds: [], outcome: null });
  return segments;
}

export const OUTCOME_WORDS: Record<ClaimOutcome, string> = {
  supported: 'Supported',
  contradicted: 'Contradicted',
  disputed: 'Disputed',
  'not-found': 'Not in the results',
  pending: 'Checking…',
  unchecked: 'Not checked',
};

export const CITED_WORDS: Record<CitedSupport, string> = {
  supports: 'The results the engine cites support this.',
  contradicts: 'The results the engine cites contradict this.',
  silent: 'The results the engine cites do not address this.',
  'not-in-results': 'The pages the engine cites are not among these results, so they could not be read.',
  'no-citations': 'The engine cites no source for its answer.',
};
