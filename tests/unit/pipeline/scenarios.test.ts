import { describe, expect, it } from 'vitest';
import { VerdictSchema } from '@/lib/core/verdict';
import { runCheck } from '@/lib/pipeline/run-check';
import { promptSources, type Rules, scriptedModel } from '../helpers/scripted-model';
import { checkInput, readerRules, source, trustFrom } from './builders';

const stanceOf = (verdict: { sources: Array<{ domain: string; stance: string }> }, domain: string) =>
  verdict.sources.find((entry) => entry.domain === domain)?.stance;

describe('scenario: consistent sources', () => {
  const world = { memory: { answer: 'Paris', confidence: 0.9 }, candidates: ['Paris'] };
  const sources = () => [
    source('wikipedia.org', 'Paris is the capital of France.'),
    source('britannica.com', 'The capital is Paris, a city on the Seine.'),
    source('france.fr', 'Visit Paris, capital of France.'),
    source('example.com', 'Paris has been the capital since 987.'),
  ];

  it('auto answers from all knowledge: the first reading (1 call) + one keyword answer per source, no debate', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, sources())));
    expect(verdict.strategy).toBe('all');
    expect(verdict.answers).toEqual(['Paris']);
    expect(verdict.conflicts).toEqual([]);
    expect(verdict.sources.every((entry) => entry.stance === 'supports' && entry.answer === 'Paris')).toBe(true);
    expect(verdict.groups[0]?.fromMemory).toBe(true);
    expect(model.calls.map((call) => call.task)).toEqual(['quick', 'agent', 'agent', 'agent', 'agent']);
    expect(verdict.usage.calls).toBe(5);
  });

  it('astute with t = 1 makes exactly 2 calls', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, sources(), { method: 'astute' }));
    expect(model.calls.map((call) => call.task)).toEqual(['internal', 'finalize']);
    expect(verdict.answers).toEqual(['Paris']);
    expect(verdict.strategy).toBe('all');
  });

  it('astute with t = 3 makes 1 + 2 + 1 calls; with m̂ = 0 it recalls nothing (1 call)', async () => {
    const deep = scriptedModel({ rules: readerRules(world) });
    await runCheck(checkInput(deep, sources(), { method: 'astute', params: { iterations: 3 } }));
    expect(deep.calls.map((call) => call.task)).toEqual(['internal', 'consolidate', 'consolidate', 'finalize']);
    const none = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(none, sources(), { method: 'astute', params: { passages: 0 } }));
    expect(none.count()).toBe(1);
    expect(verdict.strategy).toBe('external');
  });

  it('madam stops after round 2 when no agent changes: 2 × (n agents + 1 aggregator)', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, sources(), { method: 'madam' }));
    expect(model.count('agent')).toBe(8);
    expect(model.count('aggregator')).toBe(2);
    expect(verdict.answers).toEqual(['Paris']);
  });

  it('norag and concat make one call each', async () => {
    for (const method of ['norag', 'concat'] as const) {
      const model = scriptedModel({ rules: readerRules(world) });
      const verdict = await runCheck(checkInput(model, sources(), { method }));
      expect(model.count()).toBe(1);
      expect(verdict.answers).toEqual(['Paris']);
    }
  });
});

describe('scenario: a misinformation minority', () => {
  const world = { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1998'] };
  const sources = () => [
    source('nba.com', 'Michael Jordan was born on February 17, 1963 in Brooklyn.'),
    source('wikipedia.org', 'Jordan (born February 17, 1963) is a former basketball player.'),
    source('espn.com', 'Born in 1963, Jordan grew up in North Carolina.'),
    source('biography.com', 'Jordan was born February 17, 1963.'),
    source('fake-facts.net', 'Michael Jordan was born in 1998 at Cumberland Hospital.'),
  ];
  const trust = trustFrom({ 'nba.com': 0.8, 'wikipedia.org': 0.8, 'espn.com': 0.7, 'fake-facts.net': 0.1 });

  it('auto: the first reading agrees with the trust-weighted vote, so it settles the conflict without a debate', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, sources(), { trust })));
    expect(verdict.answers).toEqual(['1963']);
    expect(verdict.strategy).toBe('all');
    expect(stanceOf(verdict, 'fake-facts.net')).toBe('contradicts');
    expect(stanceOf(verdict, 'nba.com')).toBe('supports');
    expect(verdict.conflicts).toHaveLength(1);
    expect(verdict.conflicts[0]?.kind).toBe('misinformation');
    // 1 first reading + 5 keyword answers; MADAM pays 2 × (5 + 1) here.
    expect(model.count('aggregator')).toBe(0);
    expect(model.count()).toBe(6);
  });

  it('auto: a first reading that leaves out the vote’s winner goes to the aggregator, which settles it', async () => {
    // a reading taken in by the planted answer
    const rules: Rules = {
      ...readerRules(world),
      quick: () => ({ memory: '1963', memory_confidence: 0.8, answers: [{ answer: '1998', sources: [5] }] }),
    };
    const model = scriptedModel({ rules });
    const verdict = await runCheck(checkInput(model, sources(), { trust }));
    expect(verdict.answers).toEqual(['1963']);
    expect(stanceOf(verdict, 'fake-facts.net')).toBe('contradicts');
    // the aggregate keeps the vote's winner: no debate round follows
    expect(model.count('aggregator')).toBe(1);
    expect(model.count()).toBe(7);
  });

  it('auto: when the aggregate too leaves the winner out, one representative per answer debates', async () => {
    let aggregates = 0;
    const rules: Rules = { ...readerRules(world) };
    const aggregate = rules.aggregator;
    rules.quick = () => ({ memory: 'IDK', memory_confidence: 0, answers: [{ answer: '1998', sources: [5] }] });
    rules.aggregator = (request) =>
      aggregates++ === 0
        ? { answers: ['1998'], rejected: [], explanation: 'The hospital record is precise.' }
        : aggregate?.(request);
    const model = scriptedModel({ rules });
    const verdict = await runCheck(checkInput(model, sources(), { trust }));
    expect(verdict.answers).toEqual(['1963']);
    const debaters = model.calls
      .filter((call) => call.task === 'agent')
      .slice(5)
      .map((call) => promptSources(call.request)[0]?.domain);
    // the most reliable site of each answer, not all five agents; nobody moved, so one round
    expect(debaters).toEqual(['nba.com', 'fake-facts.net']);
    expect(model.count('aggregator')).toBe(2);
    expect(model.count()).toBe(1 + 5 + 1 + 2 + 1);
  });

  it('madam discards it too', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, sources(), { method: 'madam', trust }));
    expect(verdict.answers).toEqual(['1963']);
    expect(stanceOf(verdict, 'fake-facts.net')).toBe('contradicts');
    expect(verdict.conflicts[0]?.kind).toBe('misinformation');
  });
});

describe('scenario: two people with the same name', () => {
  const world = { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1956'] };
  const sources = () => [
    source('nba.com', 'Michael Jeffrey Jordan (born February 17, 1963) is a basketball player.'),
    source('wikipedia.org', 'Michael Jordan, born 1963, played for the Chicago Bulls.'),
    source('berkeley.edu', 'Michael Irwin Jordan (born February 25, 1956) is a professor at Berkeley.'),
    source('acm.org', 'Michael I. Jordan, born 1956, works in machine learning.'),
    source('espn.com', 'Jordan was born in 1963.'),
  ];

  it('auto keeps both answers, each with its sources, as an ambiguity', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, sources())));
    expect(verdict.answers.sort()).toEqual(['1956', '1963']);
    expect(verdict.conflicts.map((conflict) => conflict.kind)).toEqual(['ambiguity']);
    expect(verdict.sources.every((entry) => entry.stance === 'supports')).toBe(true);
    const group1956 = verdict.groups.find((group) => group.answer === '1956');
    expect(group1956?.sourceIds).toHaveLength(2);
  });

  it('madam keeps both answers', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, sources(), { method: 'madam' }));
    expect(verdict.answers.sort()).toEqual(['1956', '1963']);
  });
});

describe('scenario: all sources irrelevant and the model unsure', () => {
  const world = { candidates: ['42'] };
  const sources = () => [
    source('a.com', 'Cooking pasta takes ten minutes.'),
    source('b.com', 'The weather is mild today.'),
    source('c.com', 'Buy shoes online.'),
  ];

  it('auto refuses, every source irrelevant, no debate', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, sources())));
    expect(verdict.strategy).toBe('refuse');
    expect(verdict.answers).toEqual([]);
    expect(verdict.finalAnswer).toBeNull();
    expect(verdict.confidence).toBe(0);
    expect(verdict.sources.every((entry) => entry.stance === 'irrelevant')).toBe(true);
    expect(model.calls.map((call) => call.task)).toEqual(['quick', 'agent', 'agent', 'agent']);
  });
});

describe('scenario: confident memory against a poisoned majority from unreliable sites', () => {
  const world = { memory: { answer: 'Canberra', confidence: 0.95 }, candidates: ['Canberra', 'Sydney'] };
  const sources = () => [
    source('spam1.biz', 'The capital of Australia is Sydney.'),
    source('spam2.biz', 'Sydney is the capital city of Australia.'),
    source('spam3.biz', 'Australia’s capital: Sydney.'),
    source('spam4.biz', 'Everyone knows Sydney is the capital.'),
  ];
  const trust = trustFrom({ 'spam1.biz': 0.1, 'spam2.biz': 0.1, 'spam3.biz': 0.1, 'spam4.biz': 0.1 });

  it('auto answers from memory and flags the sources', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, sources(), { trust })));
    expect(verdict.strategy).toBe('internal');
    expect(verdict.answers).toEqual(['Canberra']);
    expect(verdict.finalAnswer).toBe('Canberra');
    expect(verdict.sources.every((entry) => entry.stance === 'contradicts')).toBe(true);
    expect(verdict.conflicts.map((conflict) => conflict.kind)).toEqual(['misinformation']);
    expect(verdict.sources.every((entry) => entry.trust === 0.1 && entry.answer === 'Sydney')).toBe(true);
  });

  it('the same claim from trusted sites wins over the memory (external, memory outdated)', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const trusted = trustFrom({ 'spam1.biz': 0.8, 'spam2.biz': 0.8, 'spam3.biz': 0.8, 'spam4.biz': 0.8 });
    const verdict = await runCheck(checkInput(model, sources(), { trust: trusted }));
    expect(verdict.strategy).toBe('external');
    expect(verdict.answers).toEqual(['Sydney']);
    expect(verdict.conflicts[0]?.kind).toBe('outdated');
    expect(model.count('reflect')).toBe(0);
  });

  it('from sites never seen (neutral prior) it is the uncertain band: one reflection, then refusal', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, sources()));
    expect(model.count('reflect')).toBe(1);
    expect(verdict.strategy).toBe('refuse');
    expect(verdict.answers).toEqual([]);
    expect(verdict.groups.map((group) => group.answer).sort()).toEqual(['Canberra', 'Sydney']);
    expect(verdict.conflicts[0]?.kind).toBe('unclear');
  });
});
