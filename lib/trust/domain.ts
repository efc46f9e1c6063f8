import { getDomain, getHostname } from 'tldts';

/**
 * The key the trust store files a site under: the registrable domain ("nih.gov" for
 * "https://www.ncbi.nlm.nih.gov/x" or "www.nih.gov"), lower case; "" when there is none.
 */
export function trustKey(input: string): string {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return '';
  return getDomain(trimmed) ?? getHostname(trimmed) ?? trimmed;
}
