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

/** Reads a query parameter that should hold a URL, or null. */
export function urlParam(url: URL, name: string): string | null {
  const value = url.searchParams.get(name);
  if (!value) return null;
  try {
    const target = new URL(value);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target.href : null;
  } catch {
    return null;
  }
}
