import { describe, expect, it } from 'vitest';
import { keywordAnswerPrompt } from '@/lib/pipeline/prompts/keyword-answer';
import { quickAnswerPrompt } from '@/lib/pipeline/prompts/quick-answer';
import { runCheck } from '@/lib/pipeline/run-check';
import { promptSources, type Rules, scriptedModel } from '../helpers/scripted-model';
import { checkInput, readerRules, source, trustFrom } from './builders';

const model = scriptedModel({ rules: {} });
const rated = [
  { number: 1, domain: 'nba.com', title: 'Jordan', text: 'Born 1963.', reliability: 0.8 },
  { number: 2, domain: 'fake.net', title: '', text: 'Born 1998.', reliability: 0.1 },
];

describe('the first reading prompt', () => {
  it('shows each result with its site reliability, as data', () => {
    const prompt = quickAnswerPrompt(model, 'When was Jordan born?', rated);
    const user = prompt.request.messages.find((message) => message.role === 'user')?.content ?? '';
    expect(user).toContain('<source id="1" domain="nba.com" title="Jordan" reliability="0.80">');
    expect(user).toContain('reliability="0.10"');
    expect(promptSources({ messages: prompt.request.messages }).map((entry) => entry.reliability)).toEqual([0.8, 0.1]);
  });

  it('reads memory and answers; drops source numbers it was not shown and IDK answers', () => {
    const prompt = quickAnswerPrompt(model, 'When was Jordan born?', rated);
    const read = prompt.parse(
      '{"memory": "1963", "memory_confidence": 0.9, "answers": [{"answer": "1963", "sources": [1, 7]}, {"answer": "IDK", "sources": []}], "explanation": "Most results say 1963."}',
    );
    expect(read.memory).toEqual({ answer: '1963', confidence: 0.9 });
    expect(read.answers).toEqual([{ answer: '1963', sources: [1] }]);
  });

  it('an unknown memory has no confidence; labelled lines are read too', () => {
    const prompt = quickAnswerPrompt(model, 'When was Jordan born?', rated);
    const read = prompt.parse('Memory: IDK\nMemory confidence: 0.7\nAnswers: 1963 | 1998\nExplanation: two dates.');
    expect(read.memory).toEqual({ answer: 'IDK', confidence: 0 });
    expect(read.answers.map((entry) => entry.answer)).toEqual(['1963', '1998']);
  });

  it('reads a nested memory answer, and a reply without one as memory unknown', () => {
    const prompt = quickAnswerPrompt(model, 'When was Jordan born?', rated);
    const nested = prompt.parse('{"memory": {"answer": "1963", "confidence": "8/10"}, "answers": ["1963"]}');
    expect(nested.memory).toEqual({ answer: '1963', confidence: 0.8 });
    expect(nested.answers).toEqual([{ answer: '1963', sources: [] }]);
    const bare = prompt.parse('{"answers": [{"answer": "1998", "sources": [2]}]}');
    expect(bare.memory).toEqual({ answer: 'IDK', confidence: 0 });
  });

  it('keyword answers ask for no explanation and read a bare reply', () => {
    const prompt = keywordAnswerPrompt(model, 'When was Jordan born?', { domain: 'nba.com', title: '', text: 'x' });
    expect(prompt.request.messages[0]?.content).not.toContain('"explanation"');
    expect(prompt.parse('{"answer": "1963"}')).toEqual({ answer: '1963', explanation: '' });
    expect(prompt.parse('1963').answer).toBe('1963');
  });
});

describe('when the first reading settles a conflict', () => {
  const world = { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1956', '1998'] };
  const sources = () => [
    source('nba.com', 'Michael Jordan was born in 1963.'),
    source('espn.com', 'Jordan, born 1963.'),
    source('berkeley.edu', 'Michael I. Jordan, born 1956.'),
    source('acm.org', 'Michael I. Jordan (1956) works in machine learning.'),
    source('fake.net', 'Jordan was born in 1998.'),
  ];
  const trust = trustFrom({ 'nba.com': 0.8, 'espn.com': 0.7, 'berkeley.edu': 0.8, 'acm.org': 0.7, 'fake.net': 0.1 });

  it('not when it left out an answer that outweighs one it kept: the aggregator decides', async () => {
    // kept: the winner and the planted answer; left out: the better-supported 1956
    const rules: Rules = {
      ...readerRules(world),
      quick: () => ({ memory: 'IDK', memory_confidence: 0, answers: ['1963', '1998'], explanation: 'x' }),
    };
    const reader = scriptedModel({ rules });
    const verdict = await runCheck(checkInput(reader, sources(), { trust }));
    expect(reader.count('aggregator')).toBe(1);
    expect(verdict.answers.sort()).toEqual(['1956', '1963']);
  });

  it('when it kept the winner and nothing heavier was left out: no aggregator', async () => {
    const reader = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(reader, sources(), { trust }));
    expect(reader.count('aggregator')).toBe(0);
    expect(reader.count()).toBe(6);
    expect(verdict.answers.sort()).toEqual(['1956', '1963']);
    expect(verdict.conflicts.map((conflict) => conflict.kind).sort()).toEqual(['ambiguity', 'misinformation']);
  });
});

describe('κ-RRSS and the first reading', () => {
  const world = { candidates: ['1963', '1956'] };
  const sources = () => [
    source('nba.com', 'Michael Jordan was born in 1963.'),
    source('acm.org', 'Michael I. Jordan, born 1956.'),
    source('berkeley.edu', 'Michael I. Jordan (1956), professor.'),
  ];
  const trust = trustFrom({ 'nba.com': 0.9, 'acm.org': 0.6, 'berkeley.edu': 0.7 });

  it('an answer resting only on sites κ did not reach is checked with its most reliable cited site', async () => {
    const reader = scriptedModel({ rules: readerRules(world), local: true, maxConcurrency: 1 });
    const verdict = await runCheck(checkInput(reader, sources(), { trust, params: { kappa: 1 } }));
    const asked = reader.calls
      .filter((call) => call.task === 'agent')
      .map((call) => promptSources(call.request)[0]?.domain);
    expect(asked).toEqual(['nba.com', 'berkeley.edu']);
    expect(verdict.answers.sort()).toEqual(['1956', '1963']);
    expect(verdict.conflicts.map((conflict) => conflict.kind)).toEqual(['ambiguity']);
  });

  it('without κ every site is asked and nothing more', async () => {
    const reader = scriptedModel({ rules: readerRules(world) });
    await runCheck(checkInput(reader, sources(), { trust, params: { kappa: 1 } }));
    expect(reader.count('agent')).toBe(3);
  });
});
