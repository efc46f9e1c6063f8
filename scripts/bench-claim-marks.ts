import { bundleForPage, visitFixturePages } from './fixture-pages-in-chromium';

/**
 * What the in-page claim marks cost the content script on every saved results page with an answer
 * box: the box is read with the page's adapter (as the content script does), cut into sentences
 * (lib/claims/sentences.ts), and marked as a streamed claim check marks it: a third of the sentences,
 * then two thirds, then all (each update draws only the new ones and re-places every badge), then
 * the same marks again (the final verdict's, nothing new: re-placing only). Median of 15 runs after
 * 3 warm-ups, each run starting from a clear page. Chromium, no subresources, page scripts blocked.
 * Run: npx tsx scripts/bench-claim-marks.ts
 */
const RUNS = 15;

async function main() {
  const code = await bundleForPage(`import { readPage } from './lib/serp/read-page';
import { adapterForPage } from './lib/serp/registry';
import { splitSentences } from './lib/claims/sentences';
import { clearClaimMarks, renderClaimMarks } from './entrypoints/serp.content/claim-marks';
globalThis.__bench = { readPage, adapterForPage, splitSentences, clearClaimMarks, renderClaimMarks };`);
  console.log('page'.padEnd(64), 'sentences', 'found', '1/3 ms', '2/3 ms', 'all ms', 'again ms');
  await visitFixturePages(code, async (page, fixture) => {
    // A string, not a function: tsx would add helpers the page does not have.
    const row = (await page.evaluate(`(() => {
      const bench = globalThis.__bench;
      const at = new URL(${JSON.stringify(fixture.url)});
      const adapter = bench.adapterForPage(at, document);
      const outcome = adapter ? bench.readPage(adapter, document, at) : null;
      const box = outcome && outcome.reading ? outcome.reading.answerBox : undefined;
      if (!box || !box.text.trim()) return null;
      const outcomes = ['supported', 'contradicted', 'disputed', 'not-found'];
      const marks = bench.splitSentences(box.text).map((s, i) => ({
        text: box.text.slice(s.start, s.end), outcome: outcomes[i % 4], label: 'Fact check: ' + outcomes[i % 4] + '.',
      }));
      const steps = [Math.ceil(marks.length / 3), Math.ceil((2 * marks.length) / 3), marks.length, marks.length];
      const times = steps.map(() => []);
      let found = 0;
      for (let run = 0; run < ${RUNS} + 3; run++) {
        bench.clearClaimMarks();
        steps.forEach((count, step) => {
          const start = performance.now();
          found = bench.renderClaimMarks(marks.slice(0, count));
          if (run >= 3) times[step].push(performance.now() - start);
        });
      }
      bench.clearClaimMarks();
      const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
      return { sentences: marks.length, found, medians: times.map(median) };
    })()`)) as { sentences: number; found: number; medians: number[] } | null;
    if (!row) return;
    console.log(
      fixture.file.padEnd(64),
      String(row.sentences).padStart(9),
      String(row.found).padStart(5),
      ...row.medians.map((ms) => ms.toFixed(2).padStart(ms === row.medians[0] ? 6 : 8)),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
