import { bundleForPage, visitFixturePages } from './fixture-pages-in-chromium';

/**
 * What "read only what a person sees" costs the content script: every full saved results page is
 * loaded in Chromium (no subresources, scripts blocked) at its real address, then read with the
 * page's adapter as the content script does, without and with the visibility checker (a new one per
 * read, as in the content script). Median of 15 reads each, after 3 warm-ups; how many results are
 * kept, and what share of the kept results' title and snippet text was left out as not shown.
 * Run: npx tsx scripts/bench-visibility.ts
 */
const RUNS = 15;

async function main() {
  const code = await bundleForPage(`import { readPage } from './lib/serp/read-page';
import { adapterForPage } from './lib/serp/registry';
import { visibilityChecker } from './lib/serp/visibility';
globalThis.__bench = { readPage, adapterForPage, visibilityChecker };`);
  console.log('page'.padEnd(62), 'results', 'shown', 'plain ms', 'visible ms', 'text left out %');
  await visitFixturePages(code, async (page, fixture) => {
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
    if (!row) return;
    const [results, shown, plain, visible, leftOut] = row;
    console.log(
      fixture.file.padEnd(62),
      String(results).padStart(7),
      String(shown).padStart(5),
      plain.toFixed(2).padStart(8),
      visible.toFixed(2).padStart(10),
      leftOut.toFixed(1).padStart(15),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
