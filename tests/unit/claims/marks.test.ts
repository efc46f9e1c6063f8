import { describe, expect, it } from 'vitest';
import { parseTabMessage } from '@/entrypoints/serp.content/tab-message';
import { pageMarks } from '@/lib/claims/page-marks';
import type { ClaimCheck, ClaimOutcome, ClaimResult } from '@/lib/core/claim-check';
import type { RunEvent } from '@/lib/core/run-event';
import { markSegments, worstOutcome } from '@/lib/ui/claim-marks';
import { applyEvent, idleRun } from '@/lib/ui/run-view';
import { claimResult } from '../helpers/claim-results';

const TEXT = 'A is 1. B is 2, while C is 3. D is 4.';
const claim = (id: string, start: number, end: number, outcome: ClaimOutcome): ClaimResult =>
  claimResult({ id, outcome, text: TEXT.slice(start, end), span: { start, end }, explanation: `${id} is ${outcome}.` });
const claims = [
  claim('k1', 0, 7, 'supported'),
  claim('k2', 8, 29, 'supported'),
  claim('k3', 8, 29, 'contradicted'),
  claim('k4', 30, 37, 'pending'),
];
const check: ClaimCheck = {
  boxKind: 'ai-overview',
  boxText: TEXT,
  claims,
  leftOut: 0,
  split: 'model',
  claimsPerCall: 2,
  usage: { calls: 1, promptTokens: 1, completionTokens: 1, ms: 1 },
};

describe('marks on the engine’s text', () => {
  it('cuts the text at the claims’ sentences and marks each by its worst claim', () => {
    const segments = markSegments(TEXT, claims);
    expect(segments.map((segment) => segment.text).join('')).toBe(TEXT);
    expect(segments.filter((segment) => segment.outcome !== null)).toEqual([
      { start: 0, text: 'A is 1.', claimIds: ['k1'], outcome: 'supported' },
      { start: 8, text: 'B is 2, while C is 3.', claimIds: ['k2', 'k3'], outcome: 'contradicted' },
      { start: 30, text: 'D is 4.', claimIds: ['k4'], outcome: 'pending' },
    ]);
    expect(worstOutcome(['supported', 'disputed', 'not-found'])).toBe('disputed');
    expect(worstOutcome([])).toBeNull();
  });

  it('ignores spans outside the text', () => {
    expect(markSegments('short', [claim('k1', 40, 90, 'supported')])).toEqual([
      { start: 0, text: 'short', claimIds: [], outcome: null },
    ]);
  });

  it('sends the page only judged sentences, with their explanations', () => {
    const marks = pageMarks(check);
    expect(marks.map((mark) => [mark.text, mark.outcome])).toEqual([
      ['A is 1.', 'supported'],
      ['B is 2, while C is 3.', 'contradicted'],
    ]);
    expect(marks[1]?.label).toBe('Fact check: Contradicted. k2 is supported. k3 is contradicted.');
  });

  it('the content script takes only well-formed marks', () => {
    const marks = pageMarks(check);
    expect(parseTabMessage({ type: 'show-claim-marks', marks })).toEqual({ type: 'show-claim-marks', marks });
    expect(
      parseTabMessage({ type: 'show-claim-marks', marks: [{ text: 'x', outcome: 'evil', label: '' }] }),
    ).toBeNull();
    expect(
      parseTabMessage({ type: 'show-claim-marks', marks: [{ text: '', outcome: 'supported', label: '' }] }),
    ).toBeNull();
    expect(parseTabMessage({ type: 'show-claim-marks', marks: Array(17).fill(marks[0]) })).toBeNull();
  });
});

describe('the panel’s run view', () => {
  it('follows the claim check as it streams, and takes the final one from the verdict', () => {
    const at = 1;
    const started: RunEvent = { runId: 'r', at, type: 'started', question: 'q', engine: 'google', method: 'claims' };
    const streamed: RunEvent = { runId: 'r', at, type: 'claim-check', check };
    let view = applyEvent(applyEvent(idleRun, started), streamed);
    expect(view.claimCheck?.claims).toHaveLength(4);
    const done = { ...check, claims: claims.map((item) => ({ ...item, outcome: 'supported' as const })) };
    const verdict = {
      question: 'q',
      method: 'claims' as const,
      strategy: 'refuse' as const,
      answers: [],
      finalAnswer: null,
      explanation: '',
      confidence: 0,
      groups: [],
      conflicts: [],
      sources: [],
      claimCheck: done,
      usage: check.usage,
    };
    view = applyEvent(view, { runId: 'r', at, type: 'final', verdict });
    expect(view.claimCheck?.claims.every((item) => item.outcome === 'supported')).toBe(true);
  });
});
