import type { ClaimCheck } from '../core/claim-check';
import type { ClaimMark } from '../messaging/tab-messages';
import { markSegments, OUTCOME_WORDS } from '../ui/claim-marks';

const MARKED = new Set(['supported', 'contradicted', 'disputed', 'not-found']);

/** The sentences of the engine's answer to mark on the results page, each with its worst claim's outcome. */
export function pageMarks(check: ClaimCheck): ClaimMark[] {
  const marks: ClaimMark[] = [];
  for (const segment of markSegments(check.boxText, check.claims)) {
    const outcome = segment.outcome;
    if (outcome === null || !MARKED.has(outcome)) continue;
    const claims = check.claims.filter((claim) => segment.claimIds.includes(claim.id));
    const label = `Fact check: ${OUTCOME_WORDS[outcome]}. ${claims.map((claim) => claim.explanation).join(' ')}`;
    marks.push({ text: segment.text, outcome: outcome as ClaimMark['outcome'], label: label.slice(0, 300) });
  }
  return marks.slice(0, 16);
}
