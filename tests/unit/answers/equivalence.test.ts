import { describe, expect, it } from 'vitest';
import { clusterIndices } from '@/lib/answers/cluster';
import { answersEquivalent } from '@/lib/answers/equivalence';
import { isIdk } from '@/lib/answers/idk';
import { normalizeAnswer } from '@/lib/answers/normalize';
import { reduceAnswer } from '@/lib/answers/reduce';

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
    ['Vitamin A', 'vitamin a'],
    ['-40', '-40'],
    ['minus 40', '-40'],
    ['Mt. Everest', 'mount everest'],
    ['U.S.', 'us'],
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
    ['Mt. Everest', 'Mount Everest'],
    ['St. Louis', 'Saint Louis'],
    ['twenty-one', '21'],
    ['U.S.', 'US'],
    ['-40', 'minus 40'],
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
    ['Vitamin A', 'Vitamin B'],
    ['Plan A', 'Plan B'],
    ['Hepatitis A', 'Hepatitis C'],
    ['Hepatitis', 'Hepatitis C'],
    ['World War', 'World War II'],
    ['-40', '40'],
    ['Paris, Texas', 'Paris, France'],
  ])('%s ≢ %s', (a, b) => {
    expect(answersEquivalent(a, b)).toBe(false);
  });
});

describe('clusterIndices', () => {
  it('forms clusters around representatives, never chaining through a short member', () => {
    expect(clusterIndices(['North Korea', 'Korea', 'South Korea'])).toEqual([0, 0, 1]);
    expect(clusterIndices(['Paris, Texas', 'Paris', 'Paris, France'])).toEqual([0, 0, 1]);
    expect(clusterIndices(['Vitamin A', 'Vitamin B', 'vitamin a', 'IDK'])).toEqual([0, 1, 0, -1]);
  });
});

describe('isIdk', () => {
  it.each([
    'IDK',
    'unknown',
    "I don't know.",
    'Not mentioned',
    'The document does not say',
    '',
    "The source doesn't say.",
    'Not specified in the source.',
    'No information provided.',
    'Insufficient information.',
    'The document does not provide this.',
    'I am not sure.',
    "I'm not sure",
    'N/A',
    'None of the sources mention it.',
    'Cannot be determined from the text.',
    'The passage is silent on this.',
    'There is no information about this in the source.',
    'Not enough information to answer.',
  ])('%j is a refusal', (text) => {
    expect(isIdk(text)).toBe(true);
  });

  it.each([
    'Nothing Compares 2 U',
    'No Country for Old Men',
    'Not Paris',
    'Unknown Pleasures',
    'None but the Brave',
  ])('%j is an answer', (text) => {
    expect(isIdk(text)).toBe(false);
  });
});

describe('reduceAnswer', () => {
  it.each([
    ['Paris is the capital city of France', 'What is the capital of France?', 'Paris city'],
    ['The capital of France is Paris.', 'What is the capital of France?', 'Paris'],
    ['Michael Jordan was born on February 17, 1963.', 'When was Michael Jordan born?', 'February 17, 1963'],
    ['The answer is Canberra.', 'What is asked?', 'Canberra'],
    ['Paris', 'What is the capital of France?', 'Paris'],
    ['The Old Man and the Sea', 'Which novel won?', 'The Old Man and the Sea'],
    ["I don't know", 'What is the capital of France?', "I don't know"],
  ])('%j → %j', (answer, question, expected) => {
    expect(reduceAnswer(answer, question)).toBe(expected);
  });

  it('makes a sentence answer count with the short one', () => {
    const question = 'What is the capital of France?';
    expect(answersEquivalent(reduceAnswer('Paris is the capital city of France', question), 'Paris')).toBe(true);
  });
});
