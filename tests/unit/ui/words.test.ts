import { describe, expect, it } from 'vitest';
import { ErrorCodeSchema } from '@/lib/core/errors';
import { guidanceFor } from '@/lib/ui/error-guidance';
import { evidenceText, formatMs, trustLevel } from '@/lib/ui/format';

describe('panel wording', () => {
  it('has guidance that says what to do for every error code', () => {
    for (const code of ErrorCodeSchema.options) {
      const guidance = guidanceFor({ code, message: 'x', retryable: false });
      expect(guidance.title.length).toBeGreaterThan(0);
      expect(guidance.advice).toMatch(/\.$/);
    }
    expect(guidanceFor({ code: 'bad-key', message: '', retryable: false }).action).toBe('settings');
    expect(guidanceFor({ code: 'no-capture', message: '', retryable: true }).action).toBe('retry');
  });

  it('states the evidence behind a number', () => {
    expect(evidenceText(undefined)).toBe('new site: no evidence yet');
    expect(evidenceText({ evidence: { answered: 0, agreed: 0, reviewed: 0 } })).toBe('new site: no evidence yet');
    expect(evidenceText({ evidence: { answered: 3, agreed: 2, reviewed: 1 } })).toBe(
      'not rated · 2 of 3 checks agree · 1 review',
    );
    expect(evidenceText({ evidence: { answered: 1, agreed: 1, reviewed: 0 } })).toBe('not rated · 1 check agrees');
    expect(evidenceText({ rating: 0.83, evidence: { answered: 12, agreed: 12, reviewed: 0 } })).toBe(
      'rated 0.83 by published ratings · 12 checks agree',
    );
    expect(evidenceText({ rating: 0.83, evidence: { answered: 0, agreed: 0, reviewed: 0 } })).toBe(
      'rated 0.83 by published ratings · no checks yet',
    );
  });

  it('formats times and levels', () => {
    expect(formatMs(420)).toBe('420 ms');
    expect(formatMs(4200)).toBe('4.2 s');
    expect(formatMs(125_000)).toBe('2 min 5 s');
    expect([trustLevel(0.9), trustLevel(0.5), trustLevel(0.1)]).toEqual(['high', 'medium', 'low']);
  });
});
