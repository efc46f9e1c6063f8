import type { SerpAdapter } from './adapter';
import { matchesPattern } from './match-pattern';
import { adapterForPage, adapterNamed } from './registry';

/** The two settings a results page needs, read without zod (the content script stays small). */
export interface PageSettings {
  disabledEngines: readonly string[];
  customEngines: readonly { engine: string; pattern: string }[];
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = { disabledEngines: [], customEngines: [] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Reads the stored settings value (versioned envelope { v, value } or an older bare object) by hand.
 * Anything malformed counts as "nothing disabled, no custom engines": the background validates for real.
 */
export function pageSettingsFrom(stored: unknown): PageSettings {
  const value = isRecord(stored) && 'v' in stored && 'value' in stored ? stored.value : stored;
  if (!isRecord(value)) return DEFAULT_PAGE_SETTINGS;
  const customEngines = Array.isArray(value.customEngines)
    ? value.customEngines.flatMap((item) =>
        isRecord(item) && typeof item.engine === 'string' && typeof item.pattern === 'string'
          ? [{ engine: item.engine, pattern: item.pattern }]
          : [],
      )
    : [];
  return { disabledEngines: strings(value.disabledEngines), customEngines };
}

/**
 * The adapter for this tab: an instance the person added (matched by their pattern) first,
 * then the engines known by address or structure; none when the engine is switched off.
 */
export function adapterForTab(url: URL, doc: Document, settings: PageSettings): SerpAdapter | undefined {
  const custom = settings.customEngines.find((entry) => matchesPattern(entry.pattern, url));
  const named = custom ? adapterNamed(custom.engine) : undefined;
  if (named) {
    if (settings.disabledEngines.includes(named.engine)) return undefined;
    return !named.recognizes || named.recognizes(doc) ? named : undefined;
  }
  return adapterForPage(url, doc, settings.disabledEngines);
}
