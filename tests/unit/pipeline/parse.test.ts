import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FactCheckError } from '@/lib/core/errors';
import { jsonCandidates, parseModelOutput, repairJson } from '@/lib/pipeline/parse';
import { agentPrompt } from '@/lib/pipeline/prompts/agent';
import { aggregatorPrompt } from '@/lib/pipeline/prompts/aggregator';
import { scriptedModel } from '../helpers/scripted-model';

const Schema = z.object({ answer: z.string(), n: z.number() });
const model = scriptedModel({ rules: {} });

describe('tolerant parsing of model output', () => {
  it.each([
    ['{"answer": "x", "n": 1}'],
    ['Sure!\n```json\n{"answer": "x", "n": 1}\n```\nAnything else?'],
    ["{'answer': 'x', 'n': 1,}"],
    ['{answer: "x", n: 1}'],
    ['The result is {“answer”: “x”, “n”: 1} as asked.'],
    ['{"answer": "x", "n": 1'],
  ])('reads %s', (text) => {
    expect(parseModelOutput(text, Schema)).toEqual({ answer: 'x', n: 1 });
  });

  it('skips JSON that does not fit the schema and takes the next', () => {
    expect(parseModelOutput('{"other": 1} then {"answer": "y", "n": 2}', Schema)).toEqual({ answer: 'y', n: 2 });
  });

  it('falls back to lines, and fails with malformed-output only when nothing fits', () => {
    const prompt = agentPrompt(model, 'q', { domain: 'a.com', title: '', text: 't' });
    expect(prompt.parse('Answer: Paris\nExplanation: the source says so.')).toEqual({
      answer: 'Paris',
      explanation: 'the source says so',
    });
    expect(() => parseModelOutput('no json here', Schema)).toThrow(FactCheckError);
    try {
      parseModelOutput('nothing', Schema);
    } catch (error) {
      expect(error instanceof FactCheckError && error.code).toBe('malformed-output');
    }
  });

  it('validates what the aggregator writes and coerces loose shapes', () => {
    const prompt = aggregatorPrompt(model, 'q', []);
    expect(prompt.parse('{"answers": "1963 | 1956", "rejected": ["1998"], "explanation": "e"}')).toEqual({
      answers: ['1963', '1956'],
      rejected: [{ answer: '1998', reason: 'misinformation' }],
      explanation: 'e',
    });
    expect(prompt.parse('All Correct Answers: ["unknown"]. Explanation: nothing.').answers).toEqual([]);
    expect(prompt.parse('All Correct Answers: ["1963", "1956"]. Explanation: two people.')).toMatchObject({
      answers: ['1963', '1956'],
      explanation: 'two people',
    });
    expect(() => prompt.parse('I could not decide, sorry.\nMaybe later.')).toThrow(/could not be read/);
  });

  it('repairs and extracts', () => {
    expect(repairJson("{'a': True, b: None,}")).toBe('{"a": true, "b": null}');
    expect(jsonCandidates('x {"a": [1, {"b": 2}]} y [3]')).toEqual(['{"a": [1, {"b": 2}]}', '[3]']);
  });
});
