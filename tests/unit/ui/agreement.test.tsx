import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AgreementBars } from '@/components/panel/AgreementBars';
import { agreementOf } from '@/lib/ui/agreement';
import { loadVerdict } from '../helpers/verdicts';

describe('who supports what, weighted by trust', () => {
  it('a planted source: the accepted answer carries nearly all the weight, the lone site a sliver', () => {
    const rows = agreementOf(loadVerdict('misinformation'));
    expect(rows.map((row) => [row.answer, row.accepted, row.supporters.map((s) => s.domain)])).toEqual([
      ['Mary Shelley', true, ['britannica.com', 'wikipedia.org', 'gutenberg.org']],
      ['Percy Bysshe Shelley', false, ['example.net']],
    ]);
    // 0.9 + 0.82 + 0.5 against 0.22; the irrelevant site counts for neither.
    expect(rows[0]?.share).toBeCloseTo(2.22 / 2.44, 5);
    expect(rows[1]?.share).toBeCloseTo(0.22 / 2.44, 5);
    expect(rows[0]?.fromMemory).toBe(true);
  });

  it('an ambiguous question: both answers accepted, each with its own weight', () => {
    const rows = agreementOf(loadVerdict('ambiguity'));
    expect(rows.map((row) => row.accepted)).toEqual([true, true]);
    expect(rows[0]?.share).toBeCloseTo(1.52 / 2.12, 5);
  });

  it('a site in two groups counts once; a site with no weight still shows; a refusal with no sources shows nothing', () => {
    const verdict = loadVerdict('misinformation');
    const doubled = {
      ...verdict,
      groups: verdict.groups.map((group) =>
        group.id === 'g2' ? { ...group, sourceIds: [...group.sourceIds, 'r1'] } : group,
      ),
      sources: verdict.sources.map((source) => (source.domain === 'example.net' ? { ...source, trust: 0 } : source)),
    };
    const rows = agreementOf(doubled);
    expect(
      rows.flatMap((row) => row.supporters.map((s) => s.domain)).filter((d) => d === 'britannica.com'),
    ).toHaveLength(1);
    expect(rows[1]?.supporters[0]?.share).toBeGreaterThan(0);
    const refusal = loadVerdict('refusal');
    const html = renderToStaticMarkup(<AgreementBars verdict={{ ...refusal, groups: [], sources: [] }} />);
    expect(html).toBe('');
  });

  it('each bar is an image named in words, each site a segment as wide as its trust', () => {
    const html = renderToStaticMarkup(<AgreementBars verdict={loadVerdict('misinformation')} />);
    expect(html).toContain('aria-label="Percy Bysshe Shelley: 1 site, 9% of the trust weight (example.net 22%)."');
    expect(html).toMatch(
      /aria-label="Mary Shelley: 3 sites, 91% of the trust weight \(britannica.com 90%, wikipedia.org 82%, gutenberg.org 50%\). The model’s memory gives it too."/,
    );
    const widths = [...html.matchAll(/class="agreement-segment[^"]*" x="[^"]+" y="0" width="([^"]+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(widths).toHaveLength(4);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
    expect(widths[0]).toBeCloseTo((0.9 / 2.44) * 100, 5);
  });
});
