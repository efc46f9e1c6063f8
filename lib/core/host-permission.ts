/**
 * The match pattern a host permission is asked for and checked with, for an endpoint's URL or
 * origin: "http://127.0.0.1:11434/v1" → "http://127.0.0.1/*". Match patterns have no port: Chrome
 * ignores one, Firefox reads "127.0.0.1:11434" as a host name, so a pattern with a port is never
 * contained in the granted "http://127.0.0.1/*" and cannot be requested. A host's grant covers every port.
 */
export function hostPermissionPattern(urlOrOrigin: string | undefined): string | undefined {
  if (!urlOrOrigin) return undefined;
  let url: URL;
  try {
    url = new URL(urlOrOrigin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.protocol}//${url.hostname}/*`;
}
