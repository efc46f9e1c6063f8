import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { FIXTURE_PAGES } from '../tests/fixtures/serp/pages';

/**
 * What "read only what a person sees" costs the content script: every full saved results page is
 * loaded in Chromium (no subresources, scripts blocked) at its real address, then read with the
 * page's adapter as the content script does, without and with the visibility checker (a new one per
 * read, as in the content script). Median of 15 reads each, after 3 warm-ups; how many results are
 * kept, and what share of the kept results' title and snippet text was left out as not shown.
 * Run: npx tsx scripts/bench-visibility.ts
 */
const ROOT = join(import.meta.dirname, '..');
const RUNS = 15;

async function bundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { readPage } from './lib/serp/read-page';
import { adapterForPage } from './lib/serp/registry';
import { visibilityChecker } from './lib/serp/visibility';
globalThis.__bench = { readPage, adapterForPage, visibilityChecker };`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    alias: { '@': ROOT },
  });
  return out.outputFiles[0]?.text ?? '';
}

async function main() {
  const code = await bundle();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  console.log('page'.padEnd(62), 'results', 'shown', 'plain ms', 'visible ms', 'text left out %');
  for (const fixture of FIXTURE_PAGES.filter((each) => !each.negative)) {
    const html = readFileSync(join(ROOT, 'tests/fixtures/serp', fixture.file), 'utf8');
    await page.route('**/*', (route) =>
      route.request().isNavigationRequest()
        ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' })
        : route.abort(),
    );
    const loaded = await page.goto(fixture.url, { waitUntil: 'domcontentloaded', timeout: 10_000 }).catch(() => null);
    if (!loaded) continue;
    await page.unroute('**/*');
    await page.addScriptTag({ content: code });
    // A string, not a function: tsx would add helpers the page does not have.
    const row = (await page.evaluate(`(() => {
      const bench = globalThis.__bench;
      const at = new URL(${JSON.stringify(fixture.url)});
      const adapter = bench.adapterForPage(at, document);
      if (!adapter) return null;
      const time = (withVisibility) => {
        const times = [];
        let count = 0;
        for (let i = 0; i < ${RUNS} + 3; i++) {
          const start = performance.now();
          const checker = withVisibility ? bench.visibilityChecker(window) : undefined;
          const outcome = bench.readPage(adapter, document, at, checker);
          if (i >= 3) times.push(performance.now() - start);
          count = outcome.reading ? outcome.reading.results.length : 0;
        }
        times.sort((a, b) => a - b);
        return { count, median: times[Math.floor(times.length / 2)] };
      };
      const plain = time(false);
      const visible = time(true);
      // Text a person does not see, left out of the results both readings kept (snippets and titles).
      const before = bench.readPage(adapter, document, at);
      const after = bench.readPage(adapter, document, at, bench.visibilityChecker(window));
      const kept = new Map((after.reading ? after.reading.results : []).map((r) => [r.url, r]));
      let chars = 0;
      let total = 0;
      for (const r of before.reading ? before.reading.results : []) {
        const k = kept.get(r.url);
        if (!k) continue;
        total += r.title.length + r.snippet.length;
        chars += r.title.length + r.snippet.length - k.title.length - k.snippet.length;
      }
      return [plain.count, visible.count, plain.median, visible.median, total ? (100 * chars) / total : 0];
    })()`)) as [number, number, number, number, number] | null;
    if (!row) continue;
    const [results, shown, plain, visible, leftOut] = row;
    console.log(
      fixture.file.padEnd(62),
      String(results).padStart(7),
      String(shown).padStart(5),
      plain.toFixed(2).padStart(8),
      visible.toFixed(2).padStart(10),
      leftOut.toFixed(1).padStart(15),
    );
  }
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
