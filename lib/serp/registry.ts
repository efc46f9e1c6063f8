import type { SerpAdapter } from './adapter';
import { google } from './engines/google';

/** Every engine we read, in the order they are tried. Nothing else switches on engine names. */
export const ADAPTERS: readonly SerpAdapter[] = [google];

export function adapterFor(url: URL, disabled: readonly string[] = []): SerpAdapter | undefined {
  return ADAPTERS.find((adapter) => !disabled.includes(adapter.engine) && adapter.matches(url));
}

/** Match patterns for the content script's registration. */
export const CONTENT_MATCHES: string[] = [...new Set(ADAPTERS.flatMap((adapter) => adapter.matchPatterns))];
