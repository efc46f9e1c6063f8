import type { TrustRow } from '../trust/table';

export const percent = (value: number) => `${Math.round(value * 100)}%`;

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The evidence behind a site's number, e.g. "3 checks, 1 review" or "new site: no evidence yet". */
export function evidenceText(row: Pick<TrustRow, 'evidence'> | undefined): string {
  if (!row || (row.evidence.answered === 0 && row.evidence.reviewed === 0)) return 'new site: no evidence yet';
  const parts = [plural(row.evidence.answered, 'check', 'checks')];
  if (row.evidence.reviewed > 0) parts.push(plural(row.evidence.reviewed, 'review', 'reviews'));
  return parts.join(', ');
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
