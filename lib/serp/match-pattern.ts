/** A WebExtension match pattern for one host: scheme, host (maybe "*." first) and path. */
const PATTERN = /^(https?|\*):\/\/(\*|(?:\*\.)?[a-z0-9.-]+(?::\d+)?)(\/.*)$/i;

/** Whether text is a match pattern for http(s) pages that registerContentScripts would accept. */
export function isMatchPattern(text: string): boolean {
  return PATTERN.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a URL is one a match pattern covers (the rules Chrome applies to content scripts). */
export function matchesPattern(pattern: string, url: URL): boolean {
  const parts = PATTERN.exec(pattern);
  if (!parts) return false;
  const [, scheme = '', host = '', path = ''] = parts;
  const protocol = url.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : protocol !== scheme.toLowerCase()) return false;
  const hostname = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  if (host !== '*') {
    const bare = host.toLowerCase().replace(/^\*\./, '');
    const anySubdomain = host.startsWith('*.');
    if (!(hostname === bare || (anySubdomain && hostname.endsWith(`.${bare}`)))) return false;
  }
  const pathPattern = new RegExp(`^${path.split('*').map(escapeRegExp).join('.*')}$`);
  return pathPattern.test(url.pathname + url.search);
}

/**
 * Turns what a person types for their own engine instance ("search.example.org",
 * "https://search.example.org/") into a match pattern for its whole host, or null when it is not one host.
 */
export function hostPattern(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // One named host: no wildcards, and a dot so that a bare word ("localhost" aside) is not taken for a site.
  if (!/^[a-z0-9.-]+$/i.test(url.hostname) || (!url.hostname.includes('.') && url.hostname !== 'localhost')) {
    return null;
  }
  return `${url.protocol}//${url.hostname}/*`;
}
