import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClaimCheckView } from '@/components/panel/ClaimCheckView';
import type { ClaimCheck, ClaimResult } from '@/lib/core/claim-check';

const TEXT = 'It opened in 1889. <b>Hostile</b> text stays text.';
const base: Omit<ClaimResult, 'id' | 'text' | 'span' | 'outcome'> = {
  worth: 0.9,
  weak: false,
  supportWeight: 0,
  contradictWeight: 1.8,
  evidence: [],
  unquoted: 0,
  cited: 'silent',
  explanation: 'Contradicted by archive.gov, museum.org.',
};
const check: ClaimCheck = {
  boxKind: 'ai-overview',
  boxText: TEXT,
  claims: [
    {
      ...base,
      id: 'k1',
      text: 'The tower opened in 1889.',
      span: { start: 0, end: 18 },
      outcome: 'contradicted',
      evidence: [
        {
          sourceId: 's1',
          url: 'https://archive.gov/a',
          domain: 'archive.gov',
          stance: 'contradicts',
          quote: 'opened to visitors in 1887',
          trust: 0.9,
          unknownSite: false,
          cited: true,
        },
      ],
      unquoted: 1,
    },
    { ...base, id: 'k2', text: '<b>Hostile</b> text', span: { start: 19, end: 49 }, outcome: 'pending' },
  ],
  leftOut: 3,
  split: 'model',
  claimsPerCall: 2,
  usage: { calls: 2, promptTokens: 10, completionTokens: 5, ms: 3 },
};

describe('ClaimCheckView', () => {
  const review = { busyId: null, errors: {}, onReview: () => undefined };
  const html = renderToStaticMarkup(<ClaimCheckView check={check} review={review} />);

  it('shows the engine’s text with each sentence marked by its outcome, page text as text', () => {
    expect(html).toContain('data-outcome="contradicted"');
    expect(html).toContain('&lt;b&gt;Hostile&lt;/b&gt;');
    expect(html).not.toContain('<b>Hostile</b>');
    expect(html).toContain('The engine’s AI Overview, claim by claim');
    expect(html).toContain('checking 1');
    expect(html).toContain('3 less check-worthy claims were left out.');
  });

  it('opens each claim to its evidence: site, trust, the quoted words, citation, and review buttons', () => {
    expect(html).toContain('archive.gov');
    expect(html).toContain('trust 90%');
    expect(html).toContain('opened to visitors in 1887');
    expect(html).toContain('cited by the engine');
    expect(html).toContain('1 reading left out: the quoted words are not in the result.');
    expect(html).toContain('The results the engine cites do not address this.');
    expect(html).toContain('data-testid="claim-review-k1-right"');
    // A claim still being checked has nothing to review yet.
    expect(html).not.toContain('data-testid="claim-review-k2-right"');
  });
});
