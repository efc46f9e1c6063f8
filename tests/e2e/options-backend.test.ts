import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './harness/chromium';
import { type ExtensionSession, launchArgs, launchExtension, RESULTS_DIR } from './harness/extension';
import { type FixtureServer, htmlRoute, startHttpsServer } from './harness/https-server';
import { QUESTION, RESULTS } from './harness/jordan-scenario';
import { syntheticGooglePage } from './harness/synthetic-serp';

const MODELS = ['llama3.2', 'qwen2.5:1.5b', 'mistral-nemo'];

/** The radios follow stored settings: the click is saved first, then the radio shows it. */
async function choose(radio: Locator) {
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/** A local OpenAI-compatible server (like Ollama) that lists its models. */
async function startModelServer(): Promise<{ server: Server; port: number; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url === '/v1/models') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: MODELS.map((id) => ({ id, object: 'model' })) }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests };
}

describe('options: model backend', () => {
  let session: ExtensionSession;
  let models: Awaited<ReturnType<typeof startModelServer>>;

  beforeAll(async () => {
    models = await startModelServer();
    session = await launchExtension();
  });

  afterAll(async () => {
    await session?.close();
    await new Promise((resolve) => models?.server.close(resolve));
  });

  it('configures an OpenAI-compatible server and lists its models with Test connection', async () => {
    const page = await session.openPage('options.html');
    await choose(page.getByTestId('backend-provider'));
    const baseUrl = `http://127.0.0.1:${models.port}/v1`;
    await page.getByTestId('base-url').fill(baseUrl);
    await page.getByTestId('model').fill('llama3.2');
    const coldStart = performance.now();
    await page.getByTestId('test-connection').click();

    const listed = page.getByTestId('listed-models');
    await expect.poll(() => listed.locator('li').allTextContents(), { timeout: 15_000 }).toEqual([...MODELS].sort());
    const coldMs = performance.now() - coldStart;
    expect(models.requests).toContain('GET /v1/models');

    // The first model call of a browser session also creates the offscreen document that hosts the models.
    console.info(`Test connection, offscreen document created on the way: ${Math.round(coldMs)} ms`);
    expect(await page.getByTestId('connection-ok').textContent()).toContain('3 models available');

    const stored = await session.worker.evaluate(async () => {
      const area = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<unknown> } } } })
        .chrome.storage.local;
      return area.get('settings');
    });
    expect(JSON.stringify(stored)).toContain(baseUrl);
    await session.screenshot(page, 'options-backend-provider');
    await page
      .locator('.backend-settings')
      .screenshot({ path: join(RESULTS_DIR, 'options-backend-provider-section.png') });
  });

  it('offers every provider, each with its endpoint and key hint', async () => {
    const page = await session.openPage('options.html');
    await choose(page.getByTestId('backend-provider'));
    const form = page.getByTestId('provider-form');
    for (const [value, endpoint, hint] of [
      ['openai', 'https://api.openai.com/v1', 'sk-…'],
      ['anthropic', 'https://api.anthropic.com/v1', 'sk-ant-…'],
      ['gemini', 'https://generativelanguage.googleapis.com/v1beta', 'AIza…'],
    ] as const) {
      await form.locator('select').selectOption(value);
      expect(await page.getByTestId('base-url').getAttribute('placeholder')).toBe(endpoint);
      expect(await page.getByTestId('api-key').getAttribute('placeholder')).toBe(hint);
      expect(await page.getByTestId('model').inputValue()).not.toBe('');
    }
    await page.locator('.backend-settings').screenshot({ path: join(RESULTS_DIR, 'options-backend-gemini.png') });
  });

  it('says what went wrong when the server is down', async () => {
    const page = await session.openPage('options.html');
    await choose(page.getByTestId('backend-provider'));
    await page.getByTestId('base-url').fill('http://127.0.0.1:65531/v1');
    await page.getByTestId('test-connection').click();
    await expect
      .poll(() => page.getByTestId('connection-error').textContent(), { timeout: 15_000 })
      .toMatch(/Could not reach the server at http:\/\/127\.0\.0\.1:65531/);
  });

  it('shows the local models and the WebGPU check (no GPU in headless Chromium)', async () => {
    const page = await session.openPage('options.html');
    await choose(page.getByRole('radio', { name: /Local model/ }));
    await expect.poll(() => page.getByTestId('webgpu-status').textContent(), { timeout: 20_000 }).toMatch(/WebGPU/);
    await session.screenshot(page, 'options-backend-local');
  });
});

/**
 * Up to the GPU boundary: with --enable-unsafe-webgpu Chromium offers a software adapter
 * (no shader-f16), and with no network WebLLM's download fails with a bare string.
 */
describe('options: the local model on a software WebGPU adapter, offline', () => {
  let context: BrowserContext;
  let profile: string;
  let serp: FixtureServer;

  beforeAll(async () => {
    serp = await startHttpsServer(
      ['www.google.com'],
      [htmlRoute('www.google.com', '/search', () => syntheticGooglePage(QUESTION, RESULTS))],
    );
    profile = mkdtempSync(join(tmpdir(), 'factcheck-webgpu-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      viewport: { width: 420, height: 900 },
      // Offline, whatever this machine can reach: every host name but the results page fails to resolve.
      args: launchArgs({ gpu: 'software', hostRules: `MAP www.google.com 127.0.0.1:${serp.port}, MAP * ~NOTFOUND` }),
    });
  });

  afterAll(async () => {
    await context?.close();
    await serp?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('detects the software adapter, recommends the smallest q4f32 model, and explains the failed download', async () => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/options.html`);
    await choose(page.getByRole('radio', { name: /Local model/ }));
    const status = page.getByTestId('webgpu-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/WebGPU available/);
    expect(await status.textContent()).toMatch(/only the q4f32 models/);
    const chosen = page.locator('input[name="local-model"]:checked');
    await expect.poll(() => chosen.count()).toBe(1);
    const row = page.locator('tr', { has: chosen });
    expect(await row.textContent()).toMatch(/SmolLM2 360M Instruct.*q4f32/);
    expect(await row.textContent()).toMatch(/recommended/);

    await page.getByRole('button', { name: 'Download now' }).click();
    await expect
      .poll(() => page.locator('[aria-live="polite"]').last().textContent(), { timeout: 20_000 })
      .toMatch(/could not be downloaded: check the connection/);
    await page.screenshot({ path: join(RESULTS_DIR, 'options-backend-local-offline.png'), fullPage: false });
  });

  it('a check with the local model says the download failed, in the side panel', async () => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(worker.url()).host;
    const results = await context.newPage();
    await results.goto(`https://www.google.com/search?q=${encodeURIComponent(QUESTION)}`);
    let tabId: number | null = null;
    await expect
      .poll(
        async () => {
          const current = context.serviceWorkers()[0] ?? worker;
          tabId = (await current.evaluate(
            `chrome.storage.session.get().then((all) => { for (const key of Object.keys(all)) if (key.startsWith('capture:') && all[key]?.capture) return Number(key.slice(8)); return null; })`,
          )) as number | null;
          return tabId;
        },
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('check').click();
    const error = panel.getByTestId('error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.getAttribute('data-code')).toBe('model-download-failed');
    expect(await error.textContent()).toMatch(/could not be downloaded: check the connection/);
    await panel.screenshot({ path: join(RESULTS_DIR, 'sidepanel-local-model-offline.png') });
  });
});
