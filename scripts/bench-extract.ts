/**
 * Extraction speed per fixture page (DOM already parsed: only adapter.read is timed) and the
 * content script's gzipped size. Run with `npm run bench:extract [-- --iterations N] [--build] [--chromium] [--corpus]`.
 * --corpus adds the 183 pages of the conformance corpus (tests/fixtures/serp-corpus).
 * Timing uses linkedom by default, which is slower than Chromium's native selectors: an upper bound.
 * --chromium also times the same adapters, bundled, inside headless Chromium (the content script's real engine).
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { adapterForPage } from '../lib/serp/registry';
import { FIXTURE_PAGES } from '../tests/fixtures/serp/pages';
import { CORPUS_DIR, loadCorpus } from '../tests/unit/serp/conformance';

const ROOT = resolve(import.meta.dirname, '..');
const TARGET_MEDIAN_MS = 5;
const TARGET_GZIP_BYTES = 20 * 1024;

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '50' },
    build: { type: 'boolean', default: false },
    'out-dir': { type: 'string', default: process.env.FACTCHECK_OUT_DIR ?? '.output' },
    chromium: { type: 'boolean', default: false },
    corpus: { type: 'boolean', default: false },
  },
});

/** A page to time: where it came from, the address it was served at, its HTML. */
interface BenchPage {
  file: string;
  url: string;
  html: () => string;
}

const PAGES: readonly BenchPage[] = [
  ...FIXTURE_PAGES.map(({ file, url }) => ({
    file,
    url,
    html: () => readFileSync(join(ROOT, 'tests/fixtures/serp', file), 'utf8'),
  })),
  ...(values.corpus
    ? loadCorpus().map(({ page, url }) => ({
        file: `serp-corpus/${page}`,
        url,
        html: () => gunzipSync(readFileSync(join(CORPUS_DIR, page))).toString('utf8'),
      }))
    : []),
];
const iterations = Math.max(5, Number(values.iterations) || 50);

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function timePage({ url, html: load }: BenchPage) {
  const html = load();
  const doc = parseHTML(html).document as unknown as Document;
  const page = new URL(url);
  const adapter = adapterForPage(page, doc);
  if (!adapter) return null;
  const read = () => {
    try {
      return adapter.read(doc, page)?.results.length ?? 0;
    } catch {
      return 0; // bot-check pages throw by design; the time to find out is what counts
    }
  };
  const results = read(); // warm-up, and the count to show
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    read();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    engine: adapter.engine,
    results,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    kb: html.length / 1024,
  };
}

function contentScriptSize(): { file: string; raw: number; gzip: number } | null {
  const outDir = join(ROOT, values['out-dir'] ?? '.output');
  if (values.build) {
    execFileSync('npx', ['wxt', 'build'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, FACTCHECK_OUT_DIR: values['out-dir'] },
    });
  }
  const dir = join(outDir, 'chrome-mv3/content-scripts');
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  const bytes = Buffer.concat(files.map((name) => readFileSync(join(dir, name))));
  return { file: join(dir, files.join(',')), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

interface Row {
  page: string;
  engine: string;
  results: number;
  median: number;
  p95: number;
  kb: number;
}

function report(title: string, rows: readonly Row[]) {
  const width = Math.max(...rows.map((row) => row.page.length));
  console.log(`\n${title}, ${iterations} iterations per page (ms)`);
  console.log(`${'page'.padEnd(width)}  engine      size   results  median     p95`);
  for (const row of rows) {
    const flag = row.median > TARGET_MEDIAN_MS ? '  OVER TARGET' : '';
    console.log(
      `${row.page.padEnd(width)}  ${row.engine.padEnd(10)} ${row.kb.toFixed(0).padStart(4)}KB ${String(row.results).padStart(8)} ${row.median.toFixed(2).padStart(7)} ${row.p95.toFixed(2).padStart(7)}${flag}`,
    );
  }
  const medians = rows.map((row) => row.median).sort((a, b) => a - b);
  console.log(
    `median of page medians: ${percentile(medians, 50).toFixed(2)} ms; worst page median: ${Math.max(...medians).toFixed(2)} ms (target ≤ ${TARGET_MEDIAN_MS} ms)`,
  );
}

/** The bundled page script: the same registry and adapters, timed against the live document. */
const PAGE_SCRIPT = `import { adapterForPage } from './lib/serp/registry';
globalThis.benchRead = (href, iterations) => {
  const url = new URL(href);
  const adapter = adapterForPage(url, document);
  if (!adapter) return null;
  const read = () => { try { return adapter.read(document, url)?.results.length ?? 0; } catch { return 0; } };
  const results = read();
  const times = [];
  for (let i = 0; i < iterations; i++) { const start = performance.now(); read(); times.push(performance.now() - start); }
  return { engine: adapter.engine, results, times };
};`;

type BenchRead = (href: string, n: number) => { engine: string; results: number; times: number[] } | null;

/** The same adapters timed inside headless Chromium (the content script's real engine), page scripts and network off. */
async function chromiumRows(): Promise<Row[]> {
  const { build } = await import('esbuild');
  const { chromium } = await import('playwright-core');
  const { findChromium } = await import('../tests/e2e/harness/chromium');
  const bundle = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox'] });
  const rows: Row[] = [];
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) => route.abort());
    for (const fixture of PAGES) {
      const html = fixture.html();
      // Only the DOM the server sent is read: the page's own scripts stay out.
      await page.setContent(html.replace(/<script\b[\s\S]*?<\/script>/gi, ''), { waitUntil: 'domcontentloaded' });
      await page.addScriptTag({ content: script });
      const measured = await page.evaluate(
        ([href, n]) => (globalThis as unknown as { benchRead: BenchRead }).benchRead(href, n),
        [fixture.url, iterations] as const,
      );
      if (!measured) continue;
      const times = [...measured.times].sort((a, b) => a - b);
      rows.push({
        page: fixture.file,
        engine: measured.engine,
        results: measured.results,
        median: percentile(times, 50),
        p95: percentile(times, 95),
        kb: html.length / 1024,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const rows = PAGES.flatMap((page) => {
  const timing = timePage(page);
  return timing ? [{ page: page.file, ...timing }] : [];
});
report('adapter.read on linkedom (Node)', rows);
if (values.chromium) report('adapter.read in headless Chromium', await chromiumRows());

const size = contentScriptSize();
if (size) {
  console.log(
    `content script: ${(size.raw / 1024).toFixed(1)} KB raw, ${(size.gzip / 1024).toFixed(1)} KB gzipped (target ≤ ${TARGET_GZIP_BYTES / 1024} KB) — ${size.file}`,
  );
} else {
  console.log(`content script: not built in ${values['out-dir']}; run with --build or build first (npx wxt build)`);
}
