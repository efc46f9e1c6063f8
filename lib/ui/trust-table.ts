import type { TrustRow } from '../trust/table';
import type { OverrideKind } from '../trust/types';

export type TrustSortKey = 'domain' | 'reliability' | 'evidence' | 'lastSeen';
export type OverrideFilter = 'all' | 'none' | OverrideKind;

export interface TrustTableQuery {
  text: string;
  override: OverrideFilter;
  sort: TrustSortKey;
  descending: boolean;
}

export const defaultTrustQuery: TrustTableQuery = { text: '', override: 'all', sort: 'evidence', descending: true };

const compare: Record<TrustSortKey, (a: TrustRow, b: TrustRow) => number> = {
  domain: (a, b) => a.domain.localeCompare(b.domain),
  reliability: (a, b) => a.reliability - b.reliability,
  evidence: (a, b) => a.evidence.answered + a.evidence.reviewed - (b.evidence.answered + b.evidence.reviewed),
  lastSeen: (a, b) => (a.lastSeen ?? '').localeCompare(b.lastSeen ?? ''),
};

/** The rows the table shows: filtered by site text and override, sorted (ties by domain). */
export function visibleRows(rows: readonly TrustRow[], query: TrustTableQuery): TrustRow[] {
  const text = query.text.trim().toLowerCase();
  const direction = query.descending ? -1 : 1;
  return rows
    .filter((row) => !text || row.domain.includes(text))
    .filter((row) =>
      query.override === 'all'
        ? true
        : query.override === 'none'
          ? row.override === null
          : row.override?.kind === query.override,
    )
    .sort((a, b) => direction * compare[query.sort](a, b) || a.domain.localeCompare(b.domain));
}
