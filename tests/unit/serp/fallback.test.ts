import { describe, expect, it } from 'vitest';
import { adapterForPage } from '@/lib/serp/registry';
import { FIXTURE_PAGES } from '../../fixtures/serp/pages';
import { serpDocument } from '../helpers/fixtures';

/** Share of the known-markup results the fallback must also find when selectors are switched off. */
const MIN_RECALL = 0.75;

const pages = FIXTURE_PAGES.filter((page) => !page.negative);

describe('structural fallback, run on every fixture with the adapter selectors disabled', () => {
  it.each(pages)('$file', ({ file, url }) => {
    const page = new URL(url);
    const doc = serpDocument(file);
    const adapter = adapterForPage(page, doc);
    if (!adapter) throw new Error(`no adapter for ${url}`);
    const known = adapter.read(doc, page);
    const guessed = adapter.read(doc, page, { selectors: false });
    expect(known?.extraction).toBe('selectors');
    expect(guessed?.extraction).toBe('fallback');
    const knownUrls = known?.results.map((r) => r.url) ?? [];
    const guessedUrls = new Set(guessed?.results.map((r) => r.url));
    const found = knownUrls.filter((u) => guessedUrls.has(u)).length;
    expect(found / knownUrls.length).toBeGreaterThanOrEqual(MIN_RECALL);
    // Order survives: the top known result is among the fallback's first three.
    expect(guessed?.results.slice(0, 3).map((r) => r.url)).toContain(knownUrls.find((u) => guessedUrls.has(u)));
    // Every guess has a title, a container for badges, and clean text.
    for (const result of guessed?.results ?? []) {
      expect(result.title.length).toBeGreaterThan(0);
      expect(result.element).toBeDefined();
      expect(result.snippet).not.toMatch(/\s{2,}/);
    }
    // Most guesses carry a snippet, not just a title.
    const withSnippet = guessed?.results.filter((r) => r.snippet.length > 0).length ?? 0;
    expect(withSnippet / (guessed?.results.length ?? 1)).toBeGreaterThanOrEqual(0.5);
  });
});
