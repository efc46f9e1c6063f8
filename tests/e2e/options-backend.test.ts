import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionSession, launchExtension } from './harness/extension';

const MODELS = ['llama3.2', 'qwen2.5:1.5b', 'mistral-nemo'];

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
    await page.getByTestId('backend-provider').check();
    const baseUrl = `http://127.0.0.1:${models.port}/v1`;
    await page.getByTestId('base-url').fill(baseUrl);
    await page.getByTestId('model').fill('llama3.2');
    await page.getByTestId('test-connection').click();

    const listed = page.getByTestId('listed-models');
    await expect.poll(() => listed.locator('li').allTextContents(), { timeout: 15_000 }).toEqual([...MODELS].sort());
    expect(models.requests).toContain('GET /v1/models');
    expect(await page.getByTestId('connection-ok').textContent()).toContain('3 models available');

    const stored = await session.worker.evaluate(async () => {
      const area = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<unknown> } } } })
        .chrome.storage.local;
      return area.get('settings');
    });
    expect(JSON.stringify(stored)).toContain(baseUrl);
    await session.screenshot(page, 'options-backend-provider');
  });

  it('says what went wrong when the server is down', async () => {
    const page = await session.openPage('options.html');
    await page.getByTestId('backend-provider').check();
    await page.getByTestId('base-url').fill('http://127.0.0.1:65531/v1');
    await page.getByTestId('test-connection').click();
    await expect
      .poll(() => page.getByTestId('connection-error').textContent(), { timeout: 15_000 })
      .toMatch(/Could not reach the server at http:\/\/127\.0\.0\.1:65531/);
  });

  it('shows the local models and the WebGPU check (no GPU in headless Chromium)', async () => {
    const page = await session.openPage('options.html');
    await page.getByRole('radio', { name: /Local model/ }).check();
    await expect.poll(() => page.getByTestId('webgpu-status').textContent(), { timeout: 20_000 }).toMatch(/WebGPU/);
    await session.screenshot(page, 'options-backend-local');
  });
});
