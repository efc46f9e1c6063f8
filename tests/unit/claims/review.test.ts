import { describe, expect, it } from 'vitest';
import { applyClaimReview, claimReviewQuestion } from '@/lib/claims/review';
import type { ClaimResult } from '@/lib/core/claim-check';
import { memoryArea } from '@/lib/storage/area';
import { TrustStateSchema } from '@/lib/trust/state';
import { trustStore } from '@/lib/trust/store';
import { loadVerdict } from '../helpers/verdicts';

const claim: ClaimResult = {
  id: 'k1',
  text: 'There were 609,360 deaths.',
  span: { start: 0, end: 26 },
  worth: 0.9,
  outcome: 'supported',
  weak: false,
  supportWeight: 1,
  contradictWeight: 0.5,
  evidence: [
    {
      sourceId: 's1',
      url: 'https://a.org/',
      domain: 'a.org',
      stance: 'supports',
      quote: 'x',
      trust: 0.5,
      unknownSite: false,
      cited: false,
    },
    {
      sourceId: 's2',
      url: 'https://b.org/',
      domain: 'b.org',
      stance: 'supports',
      quote: 'x',
      trust: 0.5,
      unknownSite: false,
      cited: false,
    },
    {
      sourceId: 's3',
      url: 'https://c.org/',
      domain: 'c.org',
      stance: 'contradicts',
      quote: 'y',
      trust: 0.5,
      unknownSite: false,
      cited: true,
    },
  ],
  unquoted: 0,
  cited: 'contradicts',
  explanation: '',
};

const QUESTION = 'How many people died of cancer in the US in 2024?';

describe('claim reviews', () => {
  it('become a labelled question: sites that supported a wrong claim lose trust, its contradictors gain', async () => {
    const question = claimReviewQuestion('run1', QUESTION, claim, 'wrong', '2026-01-01T00:00:00.000Z');
    expect(question).toMatchObject({
      id: 'run1#k1',
      responses: { 'a.org': 'true', 'b.org': 'true', 'c.org': 'false' },
      label: { accepted: ['false'], rejected: ['true'] },
    });
    const store = trustStore(memoryArea());
    await store.recordLabelledQuestion(question);
    const lookup = await store.lookup();
    expect(lookup('a.org').reliability).toBeLessThan(0.5);
    expect(lookup('c.org').reliability).toBeGreaterThan(0.5);
    // A changed mind replaces the review rather than adding a second one.
    await store.recordLabelledQuestion(
      claimReviewQuestion('run1', QUESTION, claim, 'right', '2026-01-01T00:01:00.000Z'),
    );
    const changed = await store.lookup();
    expect(changed('a.org').reliability).toBeGreaterThan(0.5);
    expect(changed('c.org').reliability).toBeLessThan(0.5);
  });

  it('count once per question and claim: the same claim reviewed in a second check replaces the first review', async () => {
    const area = memoryArea();
    const store = trustStore(area);
    await store.recordLabelledQuestion(
      claimReviewQuestion('run1', QUESTION, claim, 'wrong', '2026-01-01T00:00:00.000Z'),
    );
    const once = await store.lookup();
    // The same question asked again (case, punctuation, number form), its same claim in another check.
    const again = { ...claim, id: 'k7', text: 'There were 609360 deaths' };
    const question = 'how many people died of cancer in the US in 2024';
    await store.recordLabelledQuestion(
      claimReviewQuestion('run2', question, again, 'wrong', '2026-01-02T00:00:00.000Z'),
    );
    const twice = await store.lookup();
    const stored = TrustStateSchema.parse((area.dump().trust as { value: unknown }).value);
    expect(stored.questions.map((q) => q.id)).toEqual(['run2#k7']);
    expect(twice('a.org').reliability).toBeCloseTo(once('a.org').reliability, 10);
    expect(twice('c.org').evidence).toBe(once('c.org').evidence);
    // Another claim of the same question is another question.
    const other = { ...claim, id: 'k2', text: 'Lung cancer caused the most deaths.' };
    await store.recordLabelledQuestion(
      claimReviewQuestion('run2', question, other, 'right', '2026-01-02T00:01:00.000Z'),
    );
    const both = TrustStateSchema.parse((area.dump().trust as { value: unknown }).value);
    expect(both.questions.map((q) => q.id).sort()).toEqual(['run2#k2', 'run2#k7']);
  });

  it('is kept on the verdict’s claim', () => {
    const verdict = {
      ...loadVerdict('answered'),
      claimCheck: {
        boxKind: 'ai-overview' as const,
        boxText: 'There were 609,360 deaths.',
        claims: [claim],
        leftOut: 0,
        split: 'model' as const,
        claimsPerCall: 2,
        usage: { calls: 2, promptTokens: 1, completionTokens: 1, ms: 1 },
      },
    };
    const reviewed = applyClaimReview(verdict, 'k1', 'right', '2026-01-01T00:00:00.000Z');
    expect(reviewed.claimCheck?.claims[0]?.review).toEqual({ choice: 'right', at: '2026-01-01T00:00:00.000Z' });
  });
});
