/** Resolves a possibly relative href against the page URL; null for javascript: and other non-web links. */
export function absoluteUrl(href: string | null | undefined, base: URL): URL | null {
  if (!href) return null;
  try {
    const resolved = new URL(href, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved : null;
  } catch {
    return null;
  }
}

/** A web URL from text that should hold one, or null. */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const target = new URL(value);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target.href : null;
  } catch {
    return null;
  }
}

/** Reads a query parameter that should hold a URL, or null. */
export function urlParam(url: URL, name: string): string | null {
  return webUrl(url.searchParams.get(name));
}

/** Drops a scroll-to-text fragment (#:~:text=...), which engines add to cited links. */
export function withoutTextFragment(url: string): string {
  const at = url.indexOf('#:~:');
  return at === -1 ? url : url.slice(0, at);
}

/** Decodes unpadded base64url (Bing's u=a1... parameter) to text; null when it is not valid. */
export function decodeBase64Url(encoded: string): string | null {
  try {
    const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** True for the host itself and its subdomains: hostIs('www.bing.com', 'bing.com'). */
export function hostIs(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The destination of a result link that points straight at its target (no redirect to unwrap). */
export const directDestination = (href: string | null, base: URL): string | null =>
  absoluteUrl(href, base)?.href ?? null;
