import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FactCheckError } from '@/lib/core/errors';
import { looseConfidence, looseString, looseStringList, readConfidence } from '@/lib/model-output/fields';
import { completePart } from '@/lib/model-output/json-text';
import { plainReply } from '@/lib/model-output/plain';
import { readObject, tryReadObject } from '@/lib/model-output/read-object';

const Answer = z.object({
  answer: looseString,
  explanation: looseString.default(''),
  confidence: looseConfidence(0.5),
});
const aliases = { answer: ['final answer'], explanation: ['reason'] };
const read = (text: string) => readObject(text, Answer, { aliases });

describe('readObject: one object of a schema out of whatever a model wrote', () => {
  it.each([
    ['{"answer": "Paris", "explanation": "e", "confidence": 0.8}'],
    ['Sure!\n```json\n{"answer": "Paris", "explanation": "e", "confidence": 0.8}\n```\nAnything else?'],
    ['{"Answer": "Paris", "Explanation": "e", "Confidence": 0.8}'],
    ['{"ANSWER": "Paris", "EXPLANATION": "e", "CONFIDENCE": "80%"}'],
    ["{'answer': 'Paris', 'explanation': 'e', 'confidence': 0.8,}"],
    ['{answer: "Paris", explanation: "e", confidence: 8}'],
    ['The result is {“answer”: “Paris”, “explanation”: “e”, “confidence”: “8/10”} as asked.'],
    ['**Answer:** Paris\n**Explanation:** e\n**Confidence:** 8/10'],
    ['Answer: Paris. Explanation: e; Confidence: 0.8'],
    ['- final answer = Paris\n- reason: e\n- confidence: 80 percent'],
    ['<think>Maybe {"answer": "Lyon"}?</think>\n{"answer": "Paris", "explanation": "e", "confidence": 0.8}'],
    [
      '{"answer": "Lyon", "explanation": "e", "confidence": 0.8}\nCorrection: {"answer": "Paris", "explanation": "e", "confidence": 0.8}',
    ],
  ])('reads %j', (text) => {
    expect(read(text)).toEqual({ answer: 'Paris', explanation: 'e', confidence: 0.8 });
  });

  it('reads null as nothing, never as the text "null" or the rest of the line', () => {
    expect(read('{"answer": null, "explanation": "The source is silent.", "confidence": null}')).toEqual({
      answer: '',
      explanation: 'The source is silent.',
      confidence: 0.5,
    });
  });

  it('keeps unescaped quotes inside a value in that value', () => {
    const value = read('{"answer": "Paris", "explanation": "The source says "Paris" is the capital."}');
    expect(value.answer).toBe('Paris');
    expect(value.explanation).toContain('Paris');
  });

  it('keeps only complete values of an output cut at the token limit', () => {
    expect(read('{"answer": "Paris", "explanation": "The source sa')).toEqual({
      answer: 'Paris',
      explanation: '',
      confidence: 0.5,
    });
    expect(read('{"answer": "Paris", "confidence": 0.9, "expl')).toMatchObject({ answer: 'Paris', confidence: 0.9 });
    // Cut inside the answer itself: no half-written answer, a clear error.
    const cut = tryReadObject('{"answer": "Par', Answer);
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.error.code).toBe('malformed-output');
  });

  it('drops a list cut in the middle whole, never keeping part of it', () => {
    expect(completePart('{"answers": ["Paris", "Lyo')).toBe('{');
    expect(completePart('{"e": "x", "answers": ["Paris", "Lyon"')).toBe('{"e": "x"');
    expect(completePart('{"answers": ["Paris"], "explanation": "because')).toBe('{"answers": ["Paris"]');
    expect(completePart('{"answers": ["Paris"], "final": "Paris"')).toBe('{"answers": ["Paris"], "final": "Paris"');
    expect(completePart('{"answers": ["Paris"], "final"')).toBe('{"answers": ["Paris"]');
  });

  it('never splits a labelled answer on its commas', () => {
    const List = z.object({ answers: looseStringList });
    expect(readObject('Answers: Washington, D.C.', List).answers).toEqual(['Washington, D.C.']);
    expect(readObject('Answers:\n- Paris\n- Lyon', List).answers).toEqual(['Paris', 'Lyon']);
    expect(readObject('Answers: ["1963", "1956"]', List).answers).toEqual(['1963', '1956']);
  });

  it('reads a label only as the field it names: "Final answer" is not "final" + "answer"', () => {
    const Final = z.object({ final: looseString, explanation: looseString.default('') });
    expect(readObject('Final answer: Paris', Final, { aliases: { final: ['final answer'] } }).final).toBe('Paris');
    expect(readObject('Final: Paris', Final).final).toBe('Paris');
  });

  it('fails with a clear malformed-output error when nothing fits', () => {
    expect(() => read('I could not decide, sorry.\nMaybe later.')).toThrow(FactCheckError);
    const result = tryReadObject('no json here', Answer);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('malformed-output');
      expect(result.error.message).toMatch(/could not be read.*no json here/);
    }
  });

  it('falls back to a plain reply only when the caller reads one', () => {
    const plain = (text: string) => {
      const answer = plainReply(text);
      return answer === undefined ? undefined : { answer };
    };
    expect(readObject('Paris.', Answer, { plain }).answer).toBe('Paris');
    expect(tryReadObject('Paris.', Answer).ok).toBe(false);
    expect(plainReply('It is Paris. It has been since 987.')).toBeUndefined();
    expect(plainReply('Washington, D.C.')).toBe('Washington, D.C.');
  });
});

describe('readConfidence: one reading for every way of writing it', () => {
  it.each([
    [0.8, 0.8],
    [8, 0.8],
    [80, 0.8],
    ['0.8', 0.8],
    ['8', 0.8],
    ['80%', 0.8],
    ['8/10', 0.8],
    ['4 out of 5', 0.8],
    ['high', 0.85],
    ['very high', 0.95],
    ['low', 0.3],
    [150, 1],
    [-1, 0],
  ])('%j → %d', (input, expected) => {
    expect(readConfidence(input)).toBeCloseTo(expected, 5);
  });

  it('is undefined when there is nothing to read', () => {
    expect(readConfidence('n/a')).toBeUndefined();
    expect(readConfidence(null)).toBeUndefined();
  });
});
