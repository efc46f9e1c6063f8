import { describe, expect, it } from 'vitest';
import type { TrustRow } from '@/lib/trust/table';
import { defaultTrustQuery, visibleRows } from '@/lib/ui/trust-table';

const row = (domain: string, reliability: number, answered: number, kind: TrustRow['override'] = null): TrustRow => ({
  domain,
  reliability,
  rating: null,
  estimated: reliability,
  evidence: { answered, agreed: 0, reviewed: 0 },
  override: kind,
  blocked: kind?.kind === 'blocked',
  lastSeen: null,
});

const rows = [
  row('b.org', 0.9, 1),
  row('a.org', 0.2, 5, { kind: 'blocked' }),
  row('c.net', 0.5, 3, { kind: 'custom', weight: 0.5 }),
];

describe('trust table view', () => {
  it('sorts by evidence first by default, and by any column either way', () => {
    expect(visibleRows(rows, defaultTrustQuery).map((r) => r.domain)).toEqual(['a.org', 'c.net', 'b.org']);
    expect(
      visibleRows(rows, { ...defaultTrustQuery, sort: 'reliability', descending: false }).map((r) => r.domain),
    ).toEqual(['a.org', 'c.net', 'b.org']);
    expect(visibleRows(rows, { ...defaultTrustQuery, sort: 'domain', descending: false }).map((r) => r.domain)).toEqual(
      ['a.org', 'b.org', 'c.net'],
    );
  });

  it('filters by site text and by override', () => {
    expect(visibleRows(rows, { ...defaultTrustQuery, text: '.org' })).toHaveLength(2);
    expect(visibleRows(rows, { ...defaultTrustQuery, override: 'none' }).map((r) => r.domain)).toEqual(['b.org']);
    expect(visibleRows(rows, { ...defaultTrustQuery, override: 'blocked' }).map((r) => r.domain)).toEqual(['a.org']);
  });
});
