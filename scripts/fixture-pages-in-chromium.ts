import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../tests/e2e/harness/chromium';
import { FIXTURE_PAGES, type FixturePage } from '../tests/fixtures/serp/pages';

/** The repository root, for the benches' bundles and fixtures. */
export const ROOT = join(import.meta.dirname, '..');

/** Bundles `contents` (TypeScript importing from the repository) into one script for a page. */
export async function bundleForPage(contents: string): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    alias: { '@': ROOT },
  });
  return out.outputFiles[0]?.text ?? '';
}

/**
 * Opens every full saved results page in Chromium at its real address (no subresources, the page's
 * own scripts never fetched), adds `script`, and hands the page to `visit`.
 */
export async function visitFixturePages(
  script: string,
  visit: (page: Page, fixture: FixturePage) => Promise<void>,
): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? findChromium() });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const fixture of FIXTURE_PAGES.filter((each) => !each.negative)) {
      const html = readFileSync(join(ROOT, 'tests/fixtures/serp', fixture.file), 'utf8');
      await page.route('**/*', (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' })
          : route.abort(),
      );
      const loaded = await page.goto(fixture.url, { waitUntil: 'domcontentloaded', timeout: 10_000 }).catch(() => null);
      await page.unroute('**/*');
      if (!loaded) continue;
      await page.addScriptTag({ content: script });
      await visit(page, fixture);
    }
  } finally {
    await browser.close();
  }
}
