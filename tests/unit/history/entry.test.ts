import { describe, expect, it } from 'vitest';
import { VerdictSchema } from '@/lib/core/verdict';
import { CheckRecordSchema, matchesSearch, openConflicts, toCheckRecord } from '@/lib/history/entry';
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
