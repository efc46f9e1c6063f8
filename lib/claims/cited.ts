import type { CitedSupport, ClaimEvidence } from '../core/claim-check';
import type { Source } from '../core/source';

/** The same page whatever the link's dressing: scheme, www, trailing slash, fragment, tracking parameters. */
export function pageKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()]) {
      if (/^(utm_|gclid$|fbclid$|srsltid$)/.test(key)) parsed.searchParams.delete(key);
    }
    const host = parsed.hostname.replace(/^www\./, '').toLowerCase();
    const path = parsed.pathname.replace(/\/+$/, '');
    const query = parsed.searchParams.toString();
    return `${host}${path}${query ? `?${query}` : ''}`;
  } catch {
    return null;
  }
}

/** Ids of the results the engine's answer box links to. */
export function citedSourceIds(sourceUrls: string[], sources: Source[]): Set<string> {
  const cited = new Set(sourceUrls.map(pageKey).filter((key): key is string => key !== null));
  return new Set(sources.filter((source) => cited.has(pageKey(source.url) ?? '')).map((source) => source.id));
}

/** Do the results the engine cites back this claim? Only cited results on the page can be read. */
export function citedSupport(sourceUrls: string[], citedIds: Set<string>, evidence: ClaimEvidence[]): CitedSupport {
  if (sourceUrls.length === 0) return 'no-citations';
  if (citedIds.size === 0) return 'not-in-results';
  const fromCited = evidence.filter((item) => citedIds.has(item.sourceId));
  if (fromCited.some((item) => item.stance === 'supports')) return 'supports';
  if (fromCited.some((item) => item.stance === 'contradicts')) return 'contradicts';
  return 'silent';
}
