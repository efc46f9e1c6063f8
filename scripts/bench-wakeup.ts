/**
 * How long the background service worker takes to wake, and how long the engine document takes to start.
 *
 *   npm run bench:wakeup            (ROUNDS=25 by default)
 *
 * Variants, loaded side by side in one browser and measured in rotating order in every round so the
 * noise of a shared machine falls on all of them alike:
 * - floor: a worker that only answers messages (what Chromium itself costs to start a worker);
 * - as built: the thin worker (routing, sender checks, which engines are on; zod/mini only);
 * - a baseline build, when BASELINE_DIR names one (e.g. an older commit built with
 *   FACTCHECK_OUT_DIR): how its worker compares, measured side by side;
 * - WebLLM in the worker: as built plus WebLLM bundled and evaluated at start.
 * Each round stops every service worker (CDP ServiceWorker.stopAllWorkers), then times a message from
 * each variant's options page that the worker answers itself ("get-page-settings", what every results
 * page asks first): the first reply includes the wake-up, the second is the warm round trip. Then, for
 * the shipped build, the engine document is closed and a request the engine answers ("get-capture")
 * is timed: worker wake-up + document creation + engine start, what the first check of a browser
 * session pays once.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import { findChromium } from '../tests/e2e/harness/chromium';
import { EXTENSION_DIR } from '../tests/e2e/harness/extension';

const ROUNDS = Number(process.env.ROUNDS ?? 25);

function copyOf(source: string, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `factcheck-bench-${prefix}-`));
  cpSync(source, dir, { recursive: true });
  return dir;
}
const copyOfBuild = (prefix: string) => copyOf(EXTENSION_DIR, prefix);

/** The worker is a classic script: another script is evaluated first with importScripts. */
function prependScript(dir: string, file: string) {
  const background = join(dir, 'background.js');
  writeFileSync(background, `importScripts('/${file}');\n${readFileSync(background, 'utf8')}`);
}

async function withWebLlmVariant(): Promise<string> {
  const dir = copyOfBuild('webllm');
  // WebLLM bundled whole (what the background would carry), referenced so nothing is shaken out.
  await build({
    stdin: {
      contents:
        "import * as webllm from '@mlc-ai/web-llm'; globalThis.__webllm = webllm; globalThis.__models = webllm.prebuiltAppConfig.model_list.length;",
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    outfile: join(dir, 'webllm-in-worker.js'),
    logLevel: 'error',
  });
  prependScript(dir, 'webllm-in-worker.js');
  return dir;
}

/** The floor: a background that only answers messages (what Chromium itself costs to start a worker). */
function emptyVariant(): string {
  const dir = copyOfBuild('empty');
  writeFileSync(
    join(dir, 'background.js'),
    'chrome.runtime.onMessage.addListener((_m, _s, reply) => { reply({ ok: true, value: null }); });\n',
  );
  return dir;
}

/** A module worker evaluates its script and every chunk it imports: count them all. */
function moduleClosureBytes(dir: string, file: string, seen = new Set<string>()): number {
  if (seen.has(file)) return 0;
  seen.add(file);
  const source = readFileSync(join(dir, file), 'utf8');
  let bytes = Buffer.byteLength(source);
  for (const match of source.matchAll(/(?:from|import)\s*["']\.\/((?:chunks\/)?[^"']+\.js)["']/g)) {
    const imported = match[1];
    if (imported) bytes += moduleClosureBytes(dir, file.includes('/') ? join(file, '..', imported) : imported, seen);
  }
  return bytes;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

interface Variant {
  name: string;
  dir: string;
  bytes: number;
  cold: number[];
  warm: number[];
}

/** Names each copy so its pages can tell which variant they belong to. */
function label(dir: string, name: string) {
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, name }));
}

const timeTwice = (message: object) => `(async () => {
  const time = async () => {
    const started = performance.now();
    const reply = await Promise.race([
      chrome.runtime.sendMessage(${JSON.stringify(message)}),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no reply in 10 s')), 10000)),
    ]);
    if (reply === undefined) throw new Error('no reply');
    return performance.now() - started;
  };
  return [await time(), await time()];
})()`;

async function closeEngineDocuments(cdp: CDPSession) {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; url: string }[] };
  for (const target of targetInfos.filter((info) => info.url.endsWith('/offscreen.html'))) {
    await cdp.send('Target.closeTarget', { targetId: target.targetId });
  }
}

async function measureAll(variants: Variant[], engine: { variant: string; cold: number[]; warm: number[] }) {
  const profile = mkdtempSync(join(tmpdir(), 'factcheck-bench-profile-'));
  const dirs = variants.map((variant) => variant.dir).join(',');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: [
      `--disable-extensions-except=${dirs}`,
      `--load-extension=${dirs}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const deadline = Date.now() + 20_000;
    while (context.serviceWorkers().length < variants.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pages = new Map<string, Page>();
    for (const worker of context.serviceWorkers()) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${new URL(worker.url()).host}/options.html`);
      const name = (await page.evaluate("fetch('/manifest.json').then((r) => r.json()).then((m) => m.name)")) as string;
      pages.set(name, page);
    }
    const first = pages.values().next().value;
    if (!first) throw new Error('no extension page opened');
    const cdp = await context.newCDPSession(first);
    await cdp.send('ServiceWorker.enable');
    for (let round = 0; round < ROUNDS; round++) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await new Promise((resolve) => setTimeout(resolve, 400));
      for (let step = 0; step < variants.length; step++) {
        const variant = variants[(round + step) % variants.length];
        const page = variant && pages.get(variant.name);
        if (!variant || !page) continue;
        if (process.env.DEBUG) console.error(round, variant.name);
        const [cold, warm] = (await page.evaluate(timeTwice({ type: 'get-page-settings' }))) as [number, number];
        variant.cold.push(cold);
        variant.warm.push(warm);
      }
      // The engine's first start in a browser session: worker wake-up + offscreen document + engine.
      const page = pages.get(engine.variant);
      if (!page) continue;
      if (process.env.DEBUG) console.error(round, 'engine');
      await closeEngineDocuments(cdp);
      await cdp.send('ServiceWorker.stopAllWorkers');
      await new Promise((resolve) => setTimeout(resolve, 400));
      const [cold, warm] = (await page.evaluate(timeTwice({ type: 'get-capture', tabId: 999_999 }))) as [
        number,
        number,
      ];
      engine.cold.push(cold);
      engine.warm.push(warm);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const AS_BUILT = 'as built (thin worker, engine in the offscreen document)';
const builtDir = copyOfBuild('built');
const background = moduleClosureBytes(EXTENSION_DIR, 'background.js');
const engineChunk = readdirSync(join(EXTENSION_DIR, 'chunks')).find((name) => name.startsWith('offscreen-'));
const engineBytes = engineChunk ? moduleClosureBytes(EXTENSION_DIR, `chunks/${engineChunk}`) : Number.NaN;
const webLlmDir = await withWebLlmVariant();
const variants: Variant[] = [
  { name: 'empty background (floor)', dir: emptyVariant(), bytes: 100 },
  { name: AS_BUILT, dir: builtDir, bytes: background },
  ...(process.env.BASELINE_DIR
    ? [
        {
          name: `baseline: ${process.env.BASELINE_DIR}`,
          dir: copyOf(process.env.BASELINE_DIR, 'baseline'),
          bytes: moduleClosureBytes(process.env.BASELINE_DIR, 'background.js'),
        },
      ]
    : []),
  {
    name: 'as built + WebLLM in the worker',
    dir: webLlmDir,
    bytes: readFileSync(join(webLlmDir, 'webllm-in-worker.js')).length + background,
  },
].map((variant) => ({ ...variant, cold: [], warm: [] }));
for (const variant of variants) label(variant.dir, variant.name);
const engine = { variant: AS_BUILT, cold: [] as number[], warm: [] as number[] };
await measureAll(variants, engine);
for (const variant of variants) rmSync(variant.dir, { recursive: true, force: true });
const row = (name: string, bytes: number, cold: number[], warm: number[]) => ({
  measured: name,
  'script evaluated KB': Math.round(bytes / 1024),
  'cold p25 ms': Math.round(percentile(cold, 0.25)),
  'cold median ms': Math.round(percentile(cold, 0.5)),
  'cold p75 ms': Math.round(percentile(cold, 0.75)),
  'warm median ms': Math.round(percentile(warm, 0.5) * 10) / 10,
});
console.log(`worker wake-up (get-page-settings), ${ROUNDS} rounds:`);
console.table(variants.map((variant) => row(variant.name, variant.bytes, variant.cold, variant.warm)));
console.log('engine first start (get-capture with the offscreen document closed and the worker stopped):');
console.table([row('worker wake + engine document start', background + engineBytes, engine.cold, engine.warm)]);
