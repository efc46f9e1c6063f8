import { getDomain, getHostname } from 'tldts';

/**
 * The registrable domain (eTLD+1), e.g. "nih.gov" for "www.ncbi.nlm.nih.gov"; the host when there is none.
 * Kept apart from url.ts: tldts carries the public suffix list, which must not reach the content script.
 */
export function registrableDomain(url: string): string {
  return getDomain(url) ?? getHostname(url) ?? '';
}
