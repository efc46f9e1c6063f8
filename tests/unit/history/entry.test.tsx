import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckList } from '@/components/panel/CheckList';
import { applyClaimReview } from '@/lib/claims/review';
import type { ClaimOutcome, ClaimResult } from '@/lib/core/claim-check';
import { type Verdict, VerdictSchema } from '@/lib/core/verdict';
import {
  awaitsReviewInQueue,
  CheckRecordSchema,
  matchesSearch,
  openClaims,
  openConflicts,
  toCheckRecord,
} from '@/lib/history/entry';
import { applyReview } from '@/lib/trust/reviews';
import { loadVerdict, sourcesFor, VERDICT_FIXTURES } from '../helpers/verdicts';

const capture = (question: string, verdict: ReturnType<typeof loadVerdict>) => ({
  engine: 'google',
  query: question,
  url: 'https://www.google.com/search?q=x',
  capturedAt: '2026-11-22T00:00:00.000Z',
  results: sourcesFor(verdict),
  extraction: 'selectors' as const,
});

describe('history entries', () => {
  it('every recorded verdict fixture is valid and becomes a valid record', () => {
    for (const name of VERDICT_FIXTURES) {
      const verdict = loadVerdict(name);
      expect(VerdictSchema.safeParse(verdict).success).toBe(true);
      const record = toCheckRecord(`id-${name}`, capture(verdict.question, verdict), verdict);
      expect(CheckRecordSchema.parse(record)).toEqual(record);
    }
  });

  it('searches question, answers and sites, every word', () => {
    const verdict = loadVerdict('ambiguity');
    const record = toCheckRecord('a', capture(verdict.question, verdict), verdict);
    expect(matchesSearch(record, '')).toBe(true);
    expect(matchesSearch(record, 'JORDAN born')).toBe(true);
    expect(matchesSearch(record, 'ypsilanti')).toBe(true);
    expect(matchesSearch(record, 'berkeley.edu')).toBe(true);
    expect(matchesSearch(record, 'jordan paris')).toBe(false);
  });

  it('counts conflicts nobody reviewed', () => {
    const verdict = loadVerdict('misinformation');
    const record = toCheckRecord('m', capture(verdict.question, verdict), verdict);
    expect(openConflicts(record)).toHaveLength(1);
    const reviewed = { ...record, verdict: applyReview(verdict, 'c1', 'both', '2026-11-22T01:00:00.000Z') };
    expect(openConflicts(reviewed)).toHaveLength(0);
  });
});

const claim = (id: string, outcome: ClaimOutcome, weak = false): ClaimResult => ({
  id,
  text: `Claim ${id}.`,
  span: { start: 0, end: 5 },
  worth: 0.5,
  outcome,
  weak,
  supportWeight: 0,
  contradictWeight: 0,
  evidence: [],
  unquoted: 0,
  cited: 'no-citations',
  explanation: '',
});

function withClaims(verdict: Verdict, claims: ClaimResult[]): Verdict {
  return {
    ...verdict,
    claimCheck: {
      boxKind: 'ai-overview',
      boxText: 'Claims.',
      claims,
      leftOut: 0,
      split: 'model',
      claimsPerCall: 2,
      usage: { calls: 1, promptTokens: 1, completionTokens: 1, ms: 1 },
    },
  };
}

describe('claims of the engine’s answer in the review queue', () => {
  const at = '2026-11-22T01:00:00.000Z';
  const calm = loadVerdict('answered');
  const claims = [
    claim('k1', 'contradicted'),
    claim('k2', 'disputed'),
    claim('k3', 'supported', true),
    claim('k4', 'supported'),
    claim('k5', 'not-found'),
    claim('k6', 'unchecked'),
    claim('k7', 'pending'),
  ];
  const record = toCheckRecord('c', capture(calm.question, calm), withClaims(calm, claims));

  it('waits for contradicted, disputed and weakly supported claims, and only those', () => {
    expect(openConflicts(record)).toHaveLength(0);
    expect(openClaims(record).map((item) => item.id)).toEqual(['k1', 'k2', 'k3']);
    expect(awaitsReviewInQueue(record)).toBe(true);
    expect(renderToStaticMarkup(<CheckList records={[record]} onOpen={() => undefined} />)).toContain(
      '3 claims of the engine’s answer to review',
    );
  });

  it('leaves the queue once each such claim is reviewed', () => {
    let verdict = record.verdict;
    for (const id of ['k1', 'k2']) verdict = applyClaimReview(verdict, id, 'wrong', at);
    const partly = { ...record, verdict };
    expect(openClaims(partly).map((item) => item.id)).toEqual(['k3']);
    expect(renderToStaticMarkup(<CheckList records={[partly]} onOpen={() => undefined} />)).toContain(
      '1 claim of the engine’s answer to review',
    );
    const done = { ...record, verdict: applyClaimReview(verdict, 'k3', 'right', at) };
    expect(openClaims(done)).toEqual([]);
    expect(awaitsReviewInQueue(done)).toBe(false);
    expect(CheckRecordSchema.parse(done)).toEqual(done);
  });

  it('counts conflicts and claims together', () => {
    const verdict = loadVerdict('misinformation');
    const both = toCheckRecord('m', capture(verdict.question, verdict), withClaims(verdict, [claim('k1', 'disputed')]));
    expect(renderToStaticMarkup(<CheckList records={[both]} onOpen={() => undefined} />)).toContain(
      '1 conflict and 1 claim of the engine’s answer to review',
    );
    const noBox = toCheckRecord('n', capture(calm.question, calm), calm);
    expect(awaitsReviewInQueue(noBox)).toBe(false);
  });
});
