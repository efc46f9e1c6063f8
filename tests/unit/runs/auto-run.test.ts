import { describe, expect, it } from 'vitest';
import { shouldAutoRun } from '@/lib/runs/auto-run';

describe('auto-run', () => {
  it('follows the trigger setting and never reruns the same question', () => {
    expect(shouldAutoRun('manual', 'who wrote the iliad', undefined)).toBe(false);
    expect(shouldAutoRun('automatic', 'javascript tutorial', undefined)).toBe(true);
    expect(shouldAutoRun('questions', 'javascript tutorial', undefined)).toBe(false);
    expect(shouldAutoRun('questions', 'facebook login', undefined)).toBe(false);
    expect(shouldAutoRun('questions', 'who wrote the iliad', undefined)).toBe(true);
    expect(shouldAutoRun('questions', 'cancer deaths per year in the usa', undefined)).toBe(true);
    expect(shouldAutoRun('automatic', 'Who wrote the Iliad', 'who wrote the iliad')).toBe(false);
    expect(shouldAutoRun('automatic', '   ', undefined)).toBe(false);
  });
});
