import type { TrustRow } from '../trust/table';

export const percent = (value: number) => `${Math.round(value * 100)}%`;

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Where a site's number comes from: its published rating (or none: it started neutral) and the
 * checks behind it, e.g. "rated 0.83 by published ratings · 12 checks agree", "not rated · 2 of 3
 * checks agree · 1 review", or "new site: no evidence yet".
 */
export function evidenceText(
  row: (Pick<TrustRow, 'evidence'> & Partial<Pick<TrustRow, 'rating'>>) | undefined,
): string {
  const rating = row?.rating ?? null;
  const rated = rating === null ? null : `rated ${rating.toFixed(2)} by published ratings`;
  if (!row || (row.evidence.answered === 0 && row.evidence.reviewed === 0)) {
    return rated ? `${rated} · no checks yet` : 'new site: no evidence yet';
  }
  const { answered, agreed, reviewed } = row.evidence;
  const checks =
    agreed === answered
      ? plural(answered, 'check agrees', 'checks agree')
      : `${agreed} of ${plural(answered, 'check agrees', 'checks agree')}`;
  const parts = [rated ?? 'not rated', checks];
  if (reviewed > 0) parts.push(plural(reviewed, 'review', 'reviews'));
  return parts.join(' · ');
}

/** A word for a trust level, so the bar's meaning does not rest on colour alone. */
export function trustLevel(reliability: number): 'high' | 'medium' | 'low' {
  if (reliability >= 0.7) return 'high';
  if (reliability >= 0.4) return 'medium';
  return 'low';
}

export function formatDay(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale, { dateStyle: 'medium' });
}

export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
