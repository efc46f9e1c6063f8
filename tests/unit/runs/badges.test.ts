import { describe, expect, it } from 'vitest';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import { badgesForCapture, badgesForVerdict } from '@/lib/runs/badges';
import { NEUTRAL_TRUST, type TrustLookup } from '@/lib/trust/types';

const lookup: TrustLookup = (domain) =>
  domain === 'known.org'
    ? { reliability: 0.9, evidence: 4, rating: null, override: null, blocked: false }
    : domain === 'blocked.net'
      ? { reliability: 0, evidence: 0, rating: null, override: 'blocked', blocked: true }
      : NEUTRAL_TRUST;

const capture: SerpCapture = {
  engine: 'google',
  query: 'q',
  url: 'https://www.google.com/search?q=q',
  capturedAt: new Date(0).toISOString(),
  extraction: 'selectors',
  results: ['known.org', 'new.com', 'blocked.net'].map((domain, i) => ({
    id: `r${i + 1}`,
    rank: i + 1,
    url: `https://${domain}/`,
    domain,
    title: domain,
    snippet: '',
  })),
};

describe('badges', () => {
  it('before a run: a number only where there is evidence or an override', () => {
    expect(badgesForCapture(capture, lookup).map((badge) => [badge.domain, badge.trust, badge.blocked])).toEqual([
      ['known.org', 0.9, false],
      ['new.com', null, false],
      ['blocked.net', 0, true],
    ]);
  });

  it('after a run: the stance found, and the trust as updated by the run', () => {
    const verdict = {
      sources: [
        {
          sourceId: 'r1',
          url: 'https://known.org/',
          domain: 'known.org',
          stance: 'supports',
          groupId: 'g1',
          trust: 0.5,
        },
        {
          sourceId: 'r2',
          url: 'https://new.com/',
          domain: 'new.com',
          stance: 'contradicts',
          groupId: 'g2',
          trust: 0.5,
        },
      ],
    } as Verdict;
    expect(badgesForVerdict(verdict, lookup).map((badge) => [badge.domain, badge.trust, badge.stance])).toEqual([
      ['known.org', 0.9, 'supports'],
      ['new.com', 0.5, 'contradicts'],
    ]);
  });

  it('after "Check the AI answer" (or the model alone): no stance, since the run never asked the results', () => {
    const sources = capture.results.slice(0, 2).map((source) => ({
      sourceId: source.id,
      url: source.url,
      domain: source.domain,
      stance: 'irrelevant' as const,
      groupId: null,
      trust: 0.5,
    }));
    for (const method of ['claims', 'norag'] as const) {
      const badges = badgesForVerdict({ method, sources } as Verdict, lookup);
      expect(badges.map((badge) => [badge.domain, badge.trust, badge.stance])).toEqual([
        ['known.org', 0.9, null],
        ['new.com', 0.5, null],
      ]);
    }
    expect(badgesForVerdict({ method: 'concat', sources } as Verdict, lookup)[0]?.stance).toBe('irrelevant');
  });
});
