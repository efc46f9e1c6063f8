import { describe, expect, it } from 'vitest';
import { adapterForTab, DEFAULT_PAGE_SETTINGS, pageSettingsFrom } from '@/lib/serp/page-settings';
import { serpDocument } from '../helpers/fixtures';

const SEARXNG = 'searxng/synthetic-searxng-2026-simple-theme-boiling-point.html';

describe('pageSettingsFrom', () => {
  it('reads the versioned envelope and older bare values, by hand', () => {
    const value = {
      disabledEngines: ['bing', 3],
      customEngines: [{ engine: 'searxng', pattern: 'https://s.example/*' }, {}],
    };
    const expected = {
      disabledEngines: ['bing'],
      customEngines: [{ engine: 'searxng', pattern: 'https://s.example/*' }],
    };
    expect(pageSettingsFrom({ v: 2, value })).toEqual(expected);
    expect(pageSettingsFrom(value)).toEqual(expected);
  });

  it('treats anything malformed as the defaults', () => {
    for (const stored of [undefined, null, 'x', 42, { v: 2, value: null }]) {
      expect(pageSettingsFrom(stored)).toEqual(DEFAULT_PAGE_SETTINGS);
    }
  });
});

describe('adapterForTab', () => {
  const google = new URL('https://www.google.com/search?q=x');
  const doc = serpDocument('google/google-2025-10-rendered-react-github.html');

  it('respects engines switched off', () => {
    expect(adapterForTab(google, doc, DEFAULT_PAGE_SETTINGS)?.engine).toBe('google');
    expect(adapterForTab(google, doc, { ...DEFAULT_PAGE_SETTINGS, disabledEngines: ['google'] })).toBeUndefined();
  });

  it('uses the engine the person assigned to their instance host', () => {
    const instance = new URL('https://search.example.org/search');
    const settings = {
      disabledEngines: [],
      customEngines: [{ engine: 'searxng', pattern: 'https://search.example.org/*' }],
    };
    expect(adapterForTab(instance, serpDocument(SEARXNG), settings)?.engine).toBe('searxng');
    // A page on that host that is not a SearXNG results page is left alone.
    expect(adapterForTab(instance, doc, settings)).toBeUndefined();
    expect(
      adapterForTab(instance, serpDocument(SEARXNG), { ...settings, disabledEngines: ['searxng'] }),
    ).toBeUndefined();
  });
});
