import { describe, expect, it } from 'vitest';
import { decideStrategy } from '@/lib/pipeline/strategy';
import { type Vote, weightedVote } from '@/lib/pipeline/voting';

const votes = (entries: Array<[domain: string, answer: string, weight: number]>): Vote[] =>
  entries.map(([domain, answer, weight], index) => ({ sourceId: `s${index}`, domain, answer, weight }));

function decide(memory: { answer: string; confidence: number }, entries: Array<[string, string, number]>) {
  const vote = weightedVote(votes(entries));
  const weights = new Map(entries.map(([domain, , weight]) => [domain, weight]));
  return decideStrategy({
    memory,
    vote,
    accepted: vote.winner ? [vote.winner] : [],
    reliability: (domain) => weights.get(domain) ?? 0.5,
    alpha: 0.5,
    beta: 1.0,
  });
}

describe('weightedVote', () => {
  it('counts equivalent answers together and a site once per answer; IDK never wins', () => {
    const result = weightedVote(
      votes([
        ['a.com', 'Paris', 0.5],
        ['a.com', 'Paris, France', 0.5],
        ['b.com', 'Lyon', 0.4],
        ['c.com', 'IDK', 0.9],
        ['d.com', 'IDK', 0.9],
      ]),
    );
    expect(result.winner?.answer).toBe('Paris');
    expect(result.winner?.weight).toBeCloseTo(0.5);
    expect(result.clusters).toHaveLength(2);
    expect(weightedVote(votes([['a.com', 'IDK', 1]])).winner).toBeNull();
  });

  it('weights beat numbers when sites differ in reliability (WMV, not MV)', () => {
    const result = weightedVote(
      votes([
        ['good.org', 'Atlantic', 0.9],
        ['spam1.biz', 'Southern', 0.1],
        ['spam2.biz', 'Southern', 0.1],
        ['spam3.biz', 'Southern', 0.1],
      ]),
    );
    expect(result.winner?.answer).toBe('Atlantic');
  });
});

describe('BRIDGE decision', () => {
  it('all: memory agrees with the sources', () => {
    expect(decide({ answer: 'Paris', confidence: 0.9 }, [['a.com', 'Paris', 0.5]]).choice).toBe('all');
  });

  it('external: the model does not know and the sources agree', () => {
    const { choice, scores } = decide({ answer: 'IDK', confidence: 0 }, [
      ['a.com', 'Paris', 0.5],
      ['b.com', 'Paris', 0.5],
    ]);
    expect(choice).toBe('external');
    expect(scores.tRet).toBeCloseTo(0.75 * 2);
    expect(scores.tLlm).toBe(0);
  });

  it('internal: a confident memory against unreliable sites', () => {
    const { choice, scores } = decide({ answer: 'Canberra', confidence: 0.95 }, [
      ['x.biz', 'Sydney', 0.1],
      ['y.biz', 'Sydney', 0.1],
    ]);
    expect(choice).toBe('internal');
    expect(scores.tLlm).toBeGreaterThan(scores.tRet);
  });

  it('refuse: nothing known anywhere; an unsure memory alone is not enough', () => {
    expect(decide({ answer: 'IDK', confidence: 0 }, []).choice).toBe('refuse');
    expect(decide({ answer: 'Paris', confidence: 0.2 }, []).choice).toBe('refuse');
    expect(decide({ answer: 'Paris', confidence: 0.9 }, []).choice).toBe('internal');
  });

  it('reflect: the uncertain band α ≤ T_ret < β', () => {
    const { choice, scores } = decide({ answer: 'Lyon', confidence: 0.9 }, [
      ['a.com', 'Paris', 0.5],
      ['b.com', 'Paris', 0.5],
    ]);
    expect(scores.tRet).toBeGreaterThanOrEqual(0.5);
    expect(scores.tRet).toBeLessThan(1);
    expect(choice).toBe('reflect');
  });
});
