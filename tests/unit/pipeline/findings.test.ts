import { describe, expect, it } from 'vitest';
import { VerdictSchema } from '@/lib/core/verdict';
import { agentPrompt } from '@/lib/pipeline/prompts/agent';
import { aggregatorPrompt } from '@/lib/pipeline/prompts/aggregator';
import { finalizePrompt } from '@/lib/pipeline/prompts/finalize';
import { internalKnowledgePrompt } from '@/lib/pipeline/prompts/internal-knowledge';
import { noragPrompt } from '@/lib/pipeline/prompts/norag';
import { runCheck } from '@/lib/pipeline/run-check';
import { responsesOf } from '@/lib/trust/answers';
import { estimateReliability } from '@/lib/trust/estimator';
import { type EstimationQuestion, IDK } from '@/lib/trust/types';
import { promptSources, scriptedModel } from '../helpers/scripted-model';
import { checkInput, readerRules, source, trustFrom } from './builders';

/**
 * One test per finding of issue #11, each reproduced by calling the code as the issue did. Every
 * one of them failed before the tolerant reader, the answers room and the logic fixes.
 */

const model = scriptedModel({ rules: {} });
const FRANCE = 'What is the capital of France?';
const agent = () => agentPrompt(model, FRANCE, { domain: 'a.com', title: '', text: 'Paris is the capital.' });

describe('issue #11 findings: reading what models write', () => {
  it('capitalised keys are read, not taken for a refusal', () => {
    expect(agent().parse('{"Answer": "Paris", "Explanation": "The source says so."}').answer).toBe('Paris');
    expect(noragPrompt(model, FRANCE).parse('{"Answers": ["Paris"], "Confidence": 0.9}').answers).toEqual(['Paris']);
  });

  it('markdown labels give the answer, not "** Paris"', () => {
    expect(agent().parse('**Answer:** Paris\n**Explanation:** The source says so.').answer).toBe('Paris');
  });

  it('output cut at the token limit gives "Paris", not \'Paris",\'', () => {
    expect(agent().parse('{"answer": "Paris", "expla').answer).toBe('Paris');
    expect(agent().parse('{"answer": "Paris", "explanation": "The source states that the capit').answer).toBe('Paris');
  });

  it('plain prose is read as its answer, not as a refusal', () => {
    expect(noragPrompt(model, FRANCE).parse('The capital of France is Paris.').answers).toEqual(['Paris']);
  });

  it('{"answer": null} is no answer, not the answer `null, "explanation": ...`', () => {
    expect(agent().parse('{"answer": null, "explanation": "The source does not say."}').answer).toBe('');
    const internal = internalKnowledgePrompt(model, FRANCE, 1).parse(
      '{"passages": null, "answer": null, "confidence": null}',
    );
    expect(internal).toEqual({ passages: [], answer: 'IDK', confidence: 0 });
  });

  it('unescaped quotes inside an explanation stay in the explanation', () => {
    const parsed = agent().parse('{"answer": "Paris", "explanation": "The page says "Paris is the capital" - clear."}');
    expect(parsed.answer).toBe('Paris');
  });

  it('"Answers: Washington, D.C." is one answer', () => {
    const prompt = aggregatorPrompt(model, 'What is the capital of the USA?', []);
    expect(prompt.parse('Answers: Washington, D.C.\nExplanation: all agents agree.').answers).toEqual([
      'Washington, D.C.',
    ]);
  });

  it('a confidence of 8 in JSON and "Confidence: 8/10" in text read the same: 0.8', () => {
    const prompt = internalKnowledgePrompt(model, FRANCE, 1);
    expect(prompt.parse('{"passages": ["Paris is the capital."], "answer": "Paris", "confidence": 8}').confidence).toBe(
      0.8,
    );
    expect(prompt.parse('Answer: Paris\nConfidence: 8/10').confidence).toBe(0.8);
  });

  it('"Final answer: Paris" and "Final: Paris" are both read as the final answer Paris', () => {
    const prompt = finalizePrompt(model, FRANCE, [], null);
    expect(prompt.parse('Final answer: Paris\nExplanation: the passages agree.').final).toBe('Paris');
    expect(prompt.parse('Final: Paris').final).toBe('Paris');
  });

  it('a truncated aggregator output never puts debris or a rejected answer among the accepted ones', () => {
    const prompt = aggregatorPrompt(model, 'When was Michael Jordan born?', []);
    const cut = prompt.parse(
      '{"answers": ["1963"], "rejected": [{"answer": "1998", "reason": "misinformation"}], "explanation": "Four agents agree on 19',
    );
    expect(cut.answers).toEqual(['1963']);
    expect(cut.rejected).toEqual([{ answer: '1998', reason: 'misinformation' }]);
    // Cut inside the accepted list itself: a clear error, not half a list.
    expect(() => prompt.parse('{"answers": ["1963", "19')).toThrow(/could not be read/);
    // An answer the aggregator both accepts and rejects is not accepted.
    const both = prompt.parse('{"answers": ["1963", "1998"], "rejected": [{"answer": "1998", "reason": "noise"}]}');
    expect(both.answers).toEqual(['1963']);
  });
});

describe('issue #11 findings: logic a misbehaving model cannot break', () => {
  const australia = () => [
    source('spam1.biz', 'The capital of Australia is Sydney.'),
    source('spam2.biz', 'Sydney is the capital city of Australia.'),
    source('spam3.biz', 'Australia’s capital: Sydney.'),
    source('spam4.biz', 'Everyone knows Sydney is the capital.'),
  ];
  const world = { memory: { answer: 'Canberra', confidence: 0.95 }, candidates: ['Canberra', 'Sydney'] };
  const question = 'What is the capital of Australia?';

  it('a first reading cut short keeps the memory answer: the run still answers from memory', async () => {
    // issue #14: memory and the reading come in one call; the memory answer is written first
    const rules = {
      ...readerRules(world),
      quick: () => '{"memory": "Canberra", "memory_confidence": 0.95, "answers": [{"answer": "Syd',
    };
    const spam = trustFrom({ 'spam1.biz': 0.1, 'spam2.biz': 0.1, 'spam3.biz': 0.1, 'spam4.biz': 0.1 });
    const verdict = await runCheck(
      checkInput(scriptedModel({ rules }), australia(), { trust: spam, question, reflections: 0 }),
    );
    expect(verdict.strategy).toBe('internal');
    expect(verdict.finalAnswer).toBe('Canberra');
  });

  it('a model that never writes a readable source answer gives a clear error, not "every site said IDK"', async () => {
    const rules = {
      ...readerRules(world),
      agent: () => 'Let me think about this source.\nIt talks about Australia. I will say more later.',
    };
    for (const method of ['auto', 'madam'] as const) {
      await expect(
        runCheck(checkInput(scriptedModel({ rules }), australia(), { question, method })),
      ).rejects.toMatchObject({
        code: 'malformed-output',
      });
    }
  });

  it('a reflection that switches to the sources’ answer does not turn the conflict into "all agree"', async () => {
    const rules = { ...readerRules(world), reflect: () => ({ answer: 'Sydney', confidence: 0.99 }) };
    const model = scriptedModel({ rules });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, australia(), { question })));
    expect(model.count('reflect')).toBe(1);
    expect(verdict.strategy).not.toBe('all');
    expect(verdict.confidence).toBeLessThan(0.99);
    expect(verdict.conflicts.length).toBeGreaterThan(0);
    expect(verdict.groups.map((group) => group.answer)).toContain('Canberra');
  });

  it('the reflection prompt asks to confirm or withdraw, not to take a better answer from the results', async () => {
    const sent: string[] = [];
    const recorder = scriptedModel({
      rules: {
        ...readerRules(world),
        reflect: (request) => {
          sent.push(request.messages[0]?.content ?? '');
          return { answer: 'Canberra', confidence: 0.9 };
        },
      },
    });
    await runCheck(checkInput(recorder, australia(), { question }));
    expect(sent[0]).toMatch(/IDK/);
    expect(sent[0]).not.toMatch(/better answer/);
  });

  it('a sentence answer and the short answer are one answer: no spurious ambiguity, no debate', async () => {
    const sources = [
      source('wikipedia.org', 'Paris is the capital of France.'),
      source('britannica.com', 'The capital is Paris, a city on the Seine.'),
      source('france.fr', 'Paris is the capital city of France.'),
      source('example.com', 'Paris has been the capital since 987.'),
    ];
    const rules = readerRules({ memory: { answer: 'Paris', confidence: 0.9 }, candidates: ['Paris'] });
    const read = rules.agent;
    rules.agent = (request) =>
      promptSources(request)[0]?.text.endsWith('city of France.')
        ? { answer: 'Paris is the capital city of France', explanation: 'It says so.' }
        : read?.(request);
    const model = scriptedModel({ rules });
    const verdict = VerdictSchema.parse(await runCheck(checkInput(model, sources, { question: FRANCE })));
    expect(verdict.conflicts).toEqual([]);
    expect(model.count('aggregator')).toBe(0);
    expect(model.count()).toBe(5); // the first reading + 4 keyword answers (issue #14's default run)
  });

  it('every common refusal is IDK: the site is irrelevant, not wrong, for the trust store', async () => {
    const refusals = [
      "The source doesn't say",
      'Not specified in the source',
      'No information provided',
      'Insufficient information',
      'The document does not provide this',
      'I am not sure',
    ];
    const sources = refusals.map((_, index) => source(`site${index}.org`, `Unrelated text ${index}.`));
    sources.push(source('answer.org', 'Paris is the capital of France.'));
    const rules = readerRules({ candidates: ['Paris'] });
    const read = rules.agent;
    rules.agent = (request) => {
      const text = promptSources(request)[0]?.text ?? '';
      const index = /Unrelated text (\d+)/.exec(text)?.[1];
      return index === undefined ? read?.(request) : { answer: refusals[Number(index)], explanation: '' };
    };
    // MADAM keeps every agent's answer as written (no grounding filter): the refusal itself must read as IDK.
    const verdict = await runCheck(
      checkInput(scriptedModel({ rules }), sources, { question: FRANCE, method: 'madam' }),
    );
    const responses = responsesOf(verdict);
    for (let index = 0; index < refusals.length; index++) expect(responses[`site${index}.org`]).toBe(IDK);
    expect(verdict.answers).toEqual(['Paris']);
  });
});

describe('issue #11 findings: answer equivalence under the reliability estimate', () => {
  it('two wrong answers differing by a letter do not outvote the right one: reliable sites stay reliable', () => {
    // 3 reliable sites answer right; 4 spammers split over two wrong answers that differ only by a letter.
    const questions: EstimationQuestion[] = Array.from({ length: 10 }, (_, index) => ({
      id: `q${index}`,
      responses: {
        'good1.org': 'Retinol',
        'good2.org': 'Retinol',
        'good3.org': 'Retinol',
        'spam1.biz': 'Vitamin A',
        'spam2.biz': 'Vitamin A',
        'spam3.biz': 'Vitamin B',
        'spam4.biz': 'Vitamin B',
      },
    }));
    const estimate = estimateReliability(questions);
    for (const site of ['good1.org', 'good2.org', 'good3.org']) expect(estimate.reliability[site]).toBeGreaterThan(0.8);
    for (const site of ['spam1.biz', 'spam2.biz', 'spam3.biz', 'spam4.biz']) {
      expect(estimate.reliability[site]).toBeLessThan(0.2);
    }
  });
});
