import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './harness/chromium';
import { launchArgs, RESULTS_DIR } from './harness/extension';
import { type FixtureServer, startHttpsServer } from './harness/https-server';

/** The model the software adapter gets (no shader-f16): WebLLM's own catalogue entry and its addresses. */
const MODEL = 'SmolLM2-360M-Instruct-q4f32_1-MLC';
const CONFIG_PATH = `/mlc-ai/${MODEL}/resolve/main/mlc-chat-config.json`;
const LIB_PREFIX = '/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/';

/** Hugging Face and GitHub's raw host answer every origin, as the extension's fetches need. */
const CORS = { 'access-control-allow-origin': '*' };

interface Download {
  path: string;
  bytesSent: number;
  closedAt: number | null;
}

/**
 * The real WebLLM download, up to what can be served here: Hugging Face and GitHub are answered by
 * a local server at their real host names; the model library (a WebAssembly file WebLLM fetches
 * before the weights) arrives slowly and never ends, so a cancel lands in the middle of a download.
 */
describe('the local model download, cancelled in the middle (real WebLLM, software WebGPU)', () => {
  let context: BrowserContext;
  let profile: string;
  let server: FixtureServer;
  const downloads: Download[] = [];

  beforeAll(async () => {
    server = await startHttpsServer(
      ['huggingface.co', 'raw.githubusercontent.com'],
      [
        (request, response) => {
          if (request.url !== CONFIG_PATH) return false;
          response
            .writeHead(200, { 'content-type': 'application/json', ...CORS })
            .end(JSON.stringify({ model_type: 'llama', context_window_size: 4096, vocab_size: 49152 }));
          return true;
        },
        (request, response) => {
          if (!request.url?.startsWith(LIB_PREFIX)) return false;
          const download: Download = { path: request.url, bytesSent: 0, closedAt: null };
          downloads.push(download);
          response.on('close', () => {
            download.closedAt = Date.now();
          });
          response.writeHead(200, {
            'content-type': 'application/wasm',
            'content-length': String(50 * 2 ** 20),
            ...CORS,
          });
          const chunk = Buffer.alloc(64 * 1024);
          const timer = setInterval(() => {
            if (download.closedAt !== null) return clearInterval(timer);
            response.write(chunk);
            download.bytesSent += chunk.length;
          }, 200);
          return true;
        },
      ],
    );
    profile = mkdtempSync(join(tmpdir(), 'factcheck-download-'));
    const rules = ['huggingface.co', 'raw.githubusercontent.com'].map((host) => `MAP ${host} 127.0.0.1:${server.port}`);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      viewport: { width: 420, height: 900 },
      args: launchArgs({ gpu: 'software', hostRules: [...rules, 'MAP * ~NOTFOUND'].join(', ') }),
    });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('fetches from the real addresses, and a cancel closes the download and says so', async () => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/options.html`);
    const localRadio = page.getByRole('radio', { name: /Local model/ });
    await localRadio.click();
    await expect.poll(() => page.getByTestId('webgpu-status').textContent(), { timeout: 20_000 }).toMatch(/available/);
    await expect.poll(() => page.locator('input[name="local-model"]:checked').count()).toBe(1);

    await page.getByRole('button', { name: 'Download now' }).click();
    // WebLLM read the model's config, then started on the model library: bytes are flowing.
    await expect.poll(() => downloads[0]?.bytesSent ?? 0, { timeout: 20_000 }).toBeGreaterThan(128 * 1024);
    expect(downloads[0]?.path).toContain(MODEL.replace('-MLC', ''));
    const status = page.locator('[aria-live="polite"]').last();
    expect(await status.textContent()).toContain(MODEL);

    const cancelledAt = Date.now();
    await page.getByRole('button', { name: 'Cancel download' }).click();
    await expect.poll(() => downloads[0]?.closedAt ?? null, { timeout: 5_000 }).not.toBeNull();
    console.info(`download closed ${(downloads[0]?.closedAt ?? 0) - cancelledAt} ms after Cancel`);
    await expect.poll(() => status.textContent(), { timeout: 5_000 }).toMatch(/Download cancelled/);
    expect(await page.getByRole('button', { name: 'Cancel download' }).count()).toBe(0);
    const bytesAtCancel = downloads[0]?.bytesSent ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(downloads[0]?.bytesSent).toBe(bytesAtCancel);
    expect(downloads).toHaveLength(1);
    await page.screenshot({ path: join(RESULTS_DIR, 'options-local-download-cancelled.png') });
  });
});
