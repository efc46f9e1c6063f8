import { getDomain, getHostname } from 'tldts';

/**
 * The one key a site is filed under everywhere (capture, trust store, import, overrides): the
 * registrable domain by the full public suffix list, private domains included, so that
 * "alice.github.io" and "bob.github.io" are two sites, not one. Lower case, no "www."; the host when
 * there is no registrable domain (an IP, "localhost"); "" when there is none at all.
 */
export function siteKey(input: string): string {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return '';
  const options = { allowPrivateDomains: true } as const;
  const key = getDomain(trimmed, options) ?? getHostname(trimmed, options) ?? trimmed;
  return key.replace(/\.$/, '');
}
