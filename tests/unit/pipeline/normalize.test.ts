import { describe, expect, it } from 'vitest';
import { answersEquivalent, isIdk, normalizeAnswer } from '@/lib/pipeline/normalize';

describe('normalizeAnswer', () => {
  it.each([
    ['The Atlantic Ocean.', 'atlantic ocean'],
    ['1,000', '1000'],
    ['one thousand', '1000'],
    ['twenty-one', '21'],
    ['March 3, 2020', '2020-03-03'],
    ['3 March 2020', '2020-03-03'],
    ['2020-03-03', '2020-03-03'],
    ['the 3rd of March, 2020', '3 of 2020-03'],
    ['IDK', 'idk'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeAnswer(input)).toBe(expected);
  });
});

describe('answersEquivalent', () => {
  it.each([
    ['Paris', 'Paris, France'],
    ['Paris', 'paris'],
    ['1,000 people', '1000 people'],
    ['one thousand', '1000'],
    ['March 3, 2020', '3 March 2020'],
    ['1963', 'February 17, 1963'],
    ['Obama', 'Barack Obama'],
    ['an apple', 'Apple'],
  ])('%s ≡ %s', (a, b) => {
    expect(answersEquivalent(a, b)).toBe(true);
  });

  it.each([
    ['Paris', 'Paris and London'],
    ['5', '5 million'],
    ['1963', '1956'],
    ['March 3, 2020', 'March 4, 2020'],
    ['John Smith', 'John Smith 1963'],
    ['IDK', 'Paris'],
    ['Paris', 'Paris is not the answer'],
  ])('%s ≢ %s', (a, b) => {
    expect(answersEquivalent(a, b)).toBe(false);
  });

  it('recognizes the ways to say "do not know"', () => {
    for (const text of ['IDK', 'unknown', "I don't know.", 'Not mentioned', 'The document does not say', '']) {
      expect(isIdk(text)).toBe(true);
    }
    expect(isIdk('Nothing Compares 2 U')).toBe(false);
  });
});
