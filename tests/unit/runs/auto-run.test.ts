import { describe, expect, it } from 'vitest';
import { looksLikeQuestion, shouldAutoRun } from '@/lib/runs/auto-run';

describe('auto-run', () => {
  it.each([
    ['who wrote the iliad', true],
    ['cancer deaths per year in the usa', true],
    ['is pluto a planet?', true],
    ['javascript tutorial', false],
    ['facebook login', false],
  ])('%s looks like a question: %s', (query, expected) => {
    expect(looksLikeQuestion(query)).toBe(expected);
  });

  it('follows the trigger setting and never reruns the same question', () => {
    expect(shouldAutoRun('manual', 'who wrote the iliad', undefined)).toBe(false);
    expect(shouldAutoRun('automatic', 'javascript tutorial', undefined)).toBe(true);
    expect(shouldAutoRun('questions', 'javascript tutorial', undefined)).toBe(false);
    expect(shouldAutoRun('questions', 'who wrote the iliad', undefined)).toBe(true);
    expect(shouldAutoRun('automatic', 'Who wrote the Iliad', 'who wrote the iliad')).toBe(false);
  });
});
