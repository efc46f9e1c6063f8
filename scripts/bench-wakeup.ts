/**
 * How long the background service worker takes to wake, with and without WebLLM evaluated in it.
 *
 *   FACTCHECK_OUT_DIR=.output-llm npx wxt build && FACTCHECK_OUT_DIR=.output-llm npx tsx scripts/bench-wakeup.ts
 *
 * Variant "as built": the shipped background (WebLLM lives in the offscreen document).
 * Variant "engine in worker": the same background with WebLLM bundled in and evaluated at start,
 * as it would be with WebLLM's ServiceWorkerMLCEngineHandler in the background.
 * All variants are loaded side by side in one browser and measured in rotating order in every
 * round, so the noise of a shared machine falls on all of them alike. Each round stops every
 * service worker (CDP ServiceWorker.stopAllWorkers), then times a message from each variant's
 * options page: the first reply includes the wake-up, the second is the warm round trip.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../tests/e2e/harness/chromium';
import { EXTENSION_DIR } from '../tests/e2e/harness/extension';

const ROUNDS = Number(process.env.ROUNDS ?? 25);

async function withEngineVariant(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'factcheck-bench-ext-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  // WebLLM bundled whole (what the background would carry), referenced so nothing is shaken out.
  await build({
    stdin: {
      contents:
        "import * as webllm from '@mlc-ai/web-llm'; globalThis.__webllm = webllm; globalThis.__models = webllm.prebuiltAppConfig.model_list.length;",
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(dir, 'webllm-in-worker.js'),
    logLevel: 'error',
  });
  const background = join(dir, 'background.js');
  writeFileSync(background, `import './webllm-in-worker.js';\n${readFileSync(background, 'utf8')}`);
  return dir;
}

/** The floor plus only the AI SDK and the four providers: what remote providers cost a worker. */
async function aiSdkVariant(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'factcheck-bench-aisdk-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  await build({
    stdin: {
      contents: [
        "import { createAnthropic } from '@ai-sdk/anthropic';",
        "import { createGoogleGenerativeAI } from '@ai-sdk/google';",
        "import { createOpenAI } from '@ai-sdk/openai';",
        "import { createOpenAICompatible } from '@ai-sdk/openai-compatible';",
        "import { streamText } from 'ai';",
        'globalThis.__sdk = [createAnthropic, createGoogleGenerativeAI, createOpenAI, createOpenAICompatible, streamText];',
        'chrome.runtime.onMessage.addListener((_m, _s, reply) => { reply({ ok: true, value: null }); });',
      ].join('\n'),
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(dir, 'background.js'),
    logLevel: 'error',
  });
  return dir;
}

/** The floor plus the background's model client (port client, schemas, handlers) and, with esbuild, the whole of zod. */
async function modelClientVariant(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'factcheck-bench-client-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const shim = join(dir, 'browser-shim.mjs');
  writeFileSync(shim, 'export const browser = globalThis.chrome;\n');
  await build({
    stdin: {
      contents: [
        "import { modelHandlers } from './entrypoints/background/model-handlers';",
        'globalThis.__handlers = modelHandlers;',
        'chrome.runtime.onMessage.addListener((_m, _s, reply) => { reply({ ok: true, value: null }); });',
      ].join('\n'),
      resolveDir: process.cwd(),
    },
    alias: { '@': process.cwd(), 'wxt/browser': shim },
    define: { 'import.meta.env.FIREFOX': 'false' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(dir, 'background.js'),
    logLevel: 'error',
  });
  return dir;
}

/** The floor: a background that only answers messages (what Chromium itself costs to start a worker). */
function emptyVariant(): string {
  const dir = mkdtempSync(join(tmpdir(), 'factcheck-bench-empty-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
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
  for (const match of source.matchAll(/(?:from|import)\s*"\.\/(chunks\/[^"]+)"/g)) {
    const chunk = match[1];
    if (chunk) bytes += moduleClosureBytes(dir, chunk, seen);
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

const TIME_ONE = `(async () => {
  const time = async () => {
    const started = performance.now();
    await chrome.runtime.sendMessage({ type: 'local-model-load-state' });
    return performance.now() - started;
  };
  return [await time(), await time()];
})()`;

async function measureAll(variants: Variant[]) {
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
        const [cold, warm] = (await page.evaluate(TIME_ONE)) as [number, number];
        variant.cold.push(cold);
        variant.warm.push(warm);
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const engineDir = await withEngineVariant();
const emptyDir = emptyVariant();
const aiSdkDir = await aiSdkVariant();
const clientDir = await modelClientVariant();
const builtDir = mkdtempSync(join(tmpdir(), 'factcheck-bench-built-'));
cpSync(EXTENSION_DIR, builtDir, { recursive: true });
const background = moduleClosureBytes(EXTENSION_DIR, 'background.js');
const variants: Variant[] = [
  { name: 'empty background (floor)', dir: emptyDir, bytes: 100 },
  { name: 'AI SDK + 4 providers only', dir: aiSdkDir, bytes: readFileSync(join(aiSdkDir, 'background.js')).length },
  {
    name: 'model client + all of zod (esbuild: zod not shaken)',
    dir: clientDir,
    bytes: readFileSync(join(clientDir, 'background.js')).length,
  },
  { name: 'as built (models in offscreen document)', dir: builtDir, bytes: background },
  {
    name: 'as built + WebLLM in the worker',
    dir: engineDir,
    bytes: readFileSync(join(engineDir, 'webllm-in-worker.js')).length + background,
  },
].map((variant) => ({ ...variant, cold: [], warm: [] }));
for (const variant of variants) label(variant.dir, variant.name);
await measureAll(variants);
for (const dir of [engineDir, emptyDir, aiSdkDir, clientDir, builtDir]) rmSync(dir, { recursive: true, force: true });
console.table(
  variants.map((variant) => ({
    variant: variant.name,
    'script evaluated KB': Math.round(variant.bytes / 1024),
    'cold p25 ms': Math.round(percentile(variant.cold, 0.25)),
    'cold median ms': Math.round(percentile(variant.cold, 0.5)),
    'cold p75 ms': Math.round(percentile(variant.cold, 0.75)),
    'warm median ms': Math.round(percentile(variant.warm, 0.5) * 10) / 10,
  })),
);
