import { expect } from 'vitest';
import type { SerpCapture } from '@/lib/core/serp-capture';
import { captureWith } from '@/lib/serp/capture';
import { adapterForPage } from '@/lib/serp/registry';
import { FIXTURE_PAGES } from '../../fixtures/serp/pages';
import { serpDocument } from '../helpers/fixtures';

const NOW = new Date('2026-11-22T00:00:00Z');

/** The address a fixture page was served at, from the shared list. */
export function urlOf(file: string): URL {
  const page = FIXTURE_PAGES.find((p) => p.file === file);
  if (!page) throw new Error(`${file} is not in tests/fixtures/serp/pages.ts`);
  return new URL(page.url);
}

/** Captures a fixture page the way the CLI does: adapter by address (or structure), then capture. */
export function captureFixture(file: string): SerpCapture {
  const url = urlOf(file);
  const doc = serpDocument(file);
  const adapter = adapterForPage(url, doc);
  if (!adapter) throw new Error(`no adapter for ${url.href}`);
  return captureWith(adapter, doc, url, NOW);
}

/** What every capture must be, whatever the engine: clean text, real destinations, unique URLs. */
export function expectWellFormed(capture: SerpCapture, engineHosts: RegExp) {
  expect(capture.results.map((r) => r.rank)).toEqual(capture.results.map((_, i) => i + 1));
  expect(new Set(capture.results.map((r) => r.url)).size).toBe(capture.results.length);
  for (const result of capture.results) {
    expect(result.title.length).toBeGreaterThan(0);
    expect(result.snippet).not.toMatch(/\s{2,}|^\s|\s$/);
    expect(new URL(result.url).hostname).not.toMatch(engineHosts);
  }
}
