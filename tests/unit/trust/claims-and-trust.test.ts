import { describe, expect, it } from 'vitest';
import { claimReviewQuestion } from '@/lib/claims/review';
import type { Source } from '@/lib/core/source';
import type { Verdict } from '@/lib/core/verdict';
import { seenOnOf } from '@/lib/engine/runs';
import { buildVerdict } from '@/lib/pipeline/verdict-builder';
import { memoryArea } from '@/lib/storage/area';
import { TrustStateSchema } from '@/lib/trust/state';
import { seenOnEngine, trustStore } from '@/lib/trust/store';
import { NEUTRAL_TRUST } from '@/lib/trust/types';
import { claimResult } from '../helpers/claim-results';

/**
 * Where the claim check of the engine's own answer (issue 13) meets the trust store's bounded
 * influence (issue 15): a check that judged only the AI answer, and a person's review of one of its
 * claims, must follow the same rules as any other check.
 */
const QUESTION = 'When was the Berlin Wall built?';
const SITES = ['wikipedia.org', 'britannica.com', 'history.com'];
const sources: Source[] = SITES.map((domain, index) => ({
  id: `r${index + 1}`,
  rank: index + 1,
  url: `https://${domain}/berlin-wall`,
  domain,
  title: `Berlin Wall on ${domain}`,
  snippet: 'The wall was built in 1961.',
}));

/** A full check: every site answered 1961. */
function answeredVerdict(): Verdict {
  return buildVerdict(
    { question: QUESTION, sources, trust: () => NEUTRAL_TRUST },
    {
      method: 'concat',
      strategy: 'external',
      explanation: 'All three say 1961.',
      confidence: 0.9,
      claims: [
        {
          answer: '1961',
          summary: '3 sites say 1961.',
          sourceIds: sources.map((source) => source.id),
          fromMemory: false,
          confidence: 1,
          status: 'accepted',
        },
      ],
      sourceAnswers: new Map(sources.map((source) => [source.id, '1961'])),
    },
    { calls: 1, promptTokens: 0, completionTokens: 0, ms: 0 },
  );
}

/** What "Check the AI answer" (lib/claims/run-claims.ts, runClaimsOnly) finishes with: no site answers. */
function claimsOnlyVerdict(): Verdict {
  return buildVerdict(
    { question: QUESTION, sources, trust: () => NEUTRAL_TRUST },
    {
      method: 'claims',
      strategy: 'refuse',
      explanation: 'Only the search engine’s own answer was checked, claim by claim.',
      confidence: 0,
      claims: [],
    },
    { calls: 3, promptTokens: 0, completionTokens: 0, ms: 0 },
  );
}

const answeredOf = async (store: ReturnType<typeof trustStore>) =>
  Object.fromEntries(Object.entries(await store.rows(SITES)).map(([site, row]) => [site, row.evidence.answered]));

describe('the claim check and the trust store together', () => {
  it('checking the AI answer alone after a full check of the same question keeps what the full check taught', async () => {
    const store = trustStore(memoryArea());
    await store.recordVerdict(answeredVerdict(), 'full-check');
    const before = await answeredOf(store);
    expect(before).toEqual({ 'wikipedia.org': 1, 'britannica.com': 1, 'history.com': 1 });

    // The same question, checked again with the AI-answer action: it replaced the full check's record
    // (same question key) with one where every site said IDK, wiping the evidence.
    await store.recordVerdict(claimsOnlyVerdict(), 'claims-check');
    expect(await answeredOf(store)).toEqual(before);
  });

  it('a reviewed claim of a search instance’s page leaves its sites unseen on a built-in engine', async () => {
    const area = memoryArea();
    const store = trustStore(area);
    const instance = 'http://localhost:8888/search?q=berlin+wall';
    expect(seenOnOf(instance)).toBe('custom');
    expect(seenOnOf('https://www.google.com/search?q=berlin+wall')).toBe('engine');
    expect(seenOnOf('not a url')).toBe('custom');

    const claim = claimResult({
      id: 'k1',
      outcome: 'supported',
      text: 'The wall was built in 1989.',
      evidence: ['planted-a.example', 'planted-b.example'].map((domain, index) => ({
        sourceId: `r${index + 1}`,
        url: `https://${domain}/wall`,
        domain,
        stance: 'supports' as const,
        quote: 'built in 1989',
        trust: 0.5,
        unknownSite: false,
        cited: false,
      })),
    });
    const at = new Date().toISOString();
    // What the review-claim handler records (lib/engine/trust-handlers.ts).
    await store.recordLabelledQuestion({
      ...claimReviewQuestion('instance-check', 'how many people died of cancer in 2024', claim, 'right', at),
      seenOn: seenOnOf(instance),
    });
    const envelope = (await area.get('trust')).trust as { value: unknown };
    const stored = TrustStateSchema.parse(envelope.value);
    expect(stored.questions.map((question) => question.seenOn)).toEqual(['custom']);
    expect(seenOnEngine(stored.questions).has('planted-a.example')).toBe(false);
  });
});
