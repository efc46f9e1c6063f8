import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MethodSettings } from '@/components/options/MethodSettings';
import { TrustRowEditor } from '@/components/options/TrustRowEditor';
import { defaultSettings } from '@/lib/core/settings';
import type { TrustRow } from '@/lib/trust/table';

const noop = () => undefined;
const change = async () => undefined;

describe('method settings', () => {
  it('shows the preset’s parameters read-only, and editable for custom', () => {
    const fast = renderToStaticMarkup(<MethodSettings settings={defaultSettings()} onChange={change} />);
    expect(fast).toMatch(/data-testid="param-rounds"[^>]*disabled|disabled[^>]*data-testid="param-rounds"/);
    expect(fast).toContain('checked');
    const custom = renderToStaticMarkup(
      <MethodSettings settings={{ ...defaultSettings(), preset: 'custom' }} onChange={change} />,
    );
    expect(custom).not.toMatch(/disabled/);
    expect(custom).toContain('Refusal threshold (BRIDGE α)');
  });
});

describe('trust row editor', () => {
  const row: TrustRow = {
    domain: 'example.net',
    reliability: 0.35,
    rating: null,
    estimated: 0.2,
    evidence: { answered: 3, agreed: 1, reviewed: 1 },
    override: { kind: 'custom', weight: 0.35 },
    blocked: false,
    lastSeen: '2026-11-20T10:00:00.000Z',
  };

  it('shows the weight in use, the estimate behind it, the evidence, and a labelled weight field', () => {
    const html = renderToStaticMarkup(<TrustRowEditor row={row} trend={[]} onOverride={noop} onReset={noop} />);
    expect(html).toContain('35%');
    expect(html).toContain('(estimate 20%)');
    expect(html).toContain('not rated · 1 of 3 checks agree · 1 review');
    const rated = renderToStaticMarkup(
      <TrustRowEditor
        row={{ ...row, domain: 'wikipedia.org', rating: 0.83, override: null }}
        trend={[]}
        onOverride={noop}
        onReset={noop}
      />,
    );
    expect(rated).toContain('rated 0.83 by published ratings · 1 of 3 checks agree · 1 review');
    expect(html).toContain('aria-label="Custom weight for example.net, percent"');
    expect(html).toContain('value="35"');
    expect(html).toContain('Override for example.net');
  });

  it('draws the estimate over time as a line on a 0–100 % scale, with its summary in words', () => {
    const trend = [
      { at: '2026-11-01T10:00:00.000Z', reliability: 0.5 },
      { at: '2026-11-10T10:00:00.000Z', reliability: 0.35 },
      { at: '2026-11-20T10:00:00.000Z', reliability: 0.2 },
    ];
    const html = renderToStaticMarkup(<TrustRowEditor row={row} trend={trend} onOverride={noop} onReset={noop} />);
    expect(html).toContain('role="img"');
    expect(html).toMatch(/aria-label="Trust in example.net over time: From 50% on [^"]+ to 20% on [^"]+, 3 changes"/);
    // 84×22 box, 2 px padding: 50 % at mid-height, then lower (larger y) as trust falls.
    expect(html).toContain('d="M2 11 L42 13.7 L82 16.4"');
    const none = renderToStaticMarkup(<TrustRowEditor row={row} trend={[]} onOverride={noop} onReset={noop} />);
    expect(none).not.toContain('data-testid="trust-trend"');
  });
});
