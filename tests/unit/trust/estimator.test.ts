import { describe, expect, it } from 'vitest';
import { estimateReliability } from '@/lib/trust/estimator';
import { type EstimationQuestion, IDK } from '@/lib/trust/types';
import { averagedTrials } from '../../../scripts/bench-reliability';

describe('RA-RAG reliability simulation (seeded)', () => {
  it('spammer–hammer, 5 of 9 spammers: estimates track the truth; WMV far above MV, close to oracle', () => {
    const result = averagedTrials('sh5', { kind: 'spammer-hammer', spammers: 5 }, 5);
    expect(result.meanAbsError).toBeLessThan(0.05);
    expect(result.wmv - result.mv).toBeGreaterThan(0.15);
    expect(result.oracle - result.wmv).toBeLessThan(0.02);
  });

  it('beta prior (mean 0.6), 9 sources: estimates within a few hundredths; WMV above MV, near oracle', () => {
    const result = averagedTrials('beta', { kind: 'beta', mean: 0.6 }, 5);
    expect(result.meanAbsError).toBeLessThan(0.06);
    expect(result.wmv).toBeGreaterThan(result.mv);
    expect(result.oracle - result.wmv).toBeLessThan(0.03);
  });
});

describe('estimateReliability', () => {
  it('IDK never wins, and equivalent answers count together', () => {
    const questions: EstimationQuestion[] = [
      { id: 'q1', responses: { a: IDK, b: IDK, c: IDK } },
      { id: 'q2', responses: { a: 'Paris', b: 'paris, France', c: 'Lyon' } },
      { id: 'q3', responses: { a: IDK, b: IDK, c: 'Rome' } },
    ];
    const estimate = estimateReliability(questions);
    expect(estimate.answers).toEqual({ q1: IDK, q2: 'Paris', q3: 'Rome' });
    expect(estimate.evidence.a).toEqual({ answered: 1, agreed: 1, reviewed: 0 });
  });

  it('a source that never answered stays at the neutral prior with no evidence', () => {
    const estimate = estimateReliability([{ id: 'q', responses: { a: 'x', silent: IDK } }]);
    expect(estimate.reliability.silent).toBe(0.5);
    expect(estimate.evidence.silent?.answered).toBe(0);
  });

  it('a person’s reviews weigh more than estimated questions', () => {
    // b and c agree on wrong answers; a alone is right. Unlabelled, the majority wins.
    const questions: EstimationQuestion[] = Array.from({ length: 6 }, (_, j) => ({
      id: `q${j}`,
      responses: { a: `right ${j}`, b: `wrong ${j}`, c: `wrong ${j}` },
    }));
    const unlabelled = estimateReliability(questions);
    expect(unlabelled.reliability.a ?? 1).toBeLessThan(unlabelled.reliability.b ?? 0);
    // Two reviewed questions say a was right: they outweigh four estimated ones.
    const reviewed = questions.map((question, j) => (j < 2 ? { ...question, label: `right ${j}` } : question));
    const labelled = estimateReliability(reviewed);
    expect(labelled.reliability.a ?? 0).toBeGreaterThan(labelled.reliability.b ?? 1);
    expect(labelled.evidence.a?.reviewed).toBe(2);
    expect(labelled.answers.q0).toBe('right 0');
  });

  it('a review that judged every answer wrong counts against all of them', () => {
    const estimate = estimateReliability([{ id: 'q', responses: { a: 'x', b: 'x' }, label: '' }], { priorStrength: 0 });
    expect(estimate.reliability).toEqual({ a: 0, b: 0 });
    expect(estimate.answers.q).toBe(IDK);
  });

  it('converges and reports its iterations', () => {
    const estimate = estimateReliability([{ id: 'q', responses: { a: 'x', b: 'y', c: 'x' } }]);
    expect(estimate.iterations).toBeGreaterThan(0);
    expect(estimate.iterations).toBeLessThan(100);
    expect(estimate.answers.q).toBe('x');
  });
});
