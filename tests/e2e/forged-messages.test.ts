import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionSession, launchExtension, ROOT } from './harness/extension';
import { type FixtureServer, fixtureRoute, startHttpsServer } from './harness/https-server';
import { evaluateInContentScript } from './harness/isolated-world';

const FIXTURE = join(ROOT, 'tests/fixtures/serp/google/google-2025-02-ai-overview-cancer-deaths.html');
const HOST = 'www.google.com';

/** Privileged requests a content script (or a page that took one over) might forge. */
const FORGED = [
  { type: 'start-run', tabId: 0 },
  { type: 'get-capture', tabId: 0 },
  { type: 'get-run', tabId: 0 },
  { type: 'cancel-run', runId: 'x' },
  { type: 'set-override', domain: 'evil.example', override: { kind: 'trusted' } },
  { type: 'import-trust', json: '{}' },
  { type: 'test-connection' },
  { type: 'review-conflict', checkId: 'x', conflictId: 'c1', choice: 'a' },
  { type: 'review-claim', checkId: 'x', claimId: 'k1', choice: 'wrong' },
];

describe('forged messages from a results page', () => {
  let server: FixtureServer;
  let session: ExtensionSession;
  let page: Page;
  let tabId: number;

  beforeAll(async () => {
    server = await startHttpsServer([HOST], [fixtureRoute(HOST, '/search', FIXTURE)]);
    session = await launchExtension({ hosts: [HOST], port: server.port });
    page = await session.context.newPage();
    await page.goto(`https://${HOST}/search?q=cancer+deaths+per+year+in+the+usa`);
    tabId = await session.tabIdOf(`https://${HOST}/search`);
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it('answers no privileged request sent from the content script world', async () => {
    const replies = await evaluateInContentScript<unknown[]>(
      session.context,
      page,
      session.extensionId,
      `Promise.all(${JSON.stringify(FORGED)}.map((m) => {
         if ('tabId' in m) m.tabId = ${tabId};
         return chrome.runtime.sendMessage(m).then((r) => r ?? null, (e) => 'error: ' + e.message);
       }))`,
    );
    expect(replies).toHaveLength(FORGED.length);
    for (const reply of replies)
      expect(reply === null || (typeof reply === 'string' && reply.startsWith('error'))).toBe(true);
    const runs = await session.worker.evaluate(async () => {
      const chromeApi = (
        globalThis as unknown as { chrome: { storage: { session: { get(): Promise<Record<string, unknown>> } } } }
      ).chrome;
      return Object.keys(await chromeApi.storage.session.get()).filter((key) => key.startsWith('run:'));
    });
    expect(runs).toEqual([]);
  });

  it('disconnects a run port opened from the content script world', async () => {
    const outcome = await evaluateInContentScript<string>(
      session.context,
      page,
      session.extensionId,
      `new Promise((resolve) => {
         const port = chrome.runtime.connect({ name: 'run-events' });
         port.onMessage.addListener(() => resolve('got a message'));
         port.onDisconnect.addListener(() => resolve('disconnected'));
         port.postMessage({ type: 'watch', tabId: ${tabId} });
         setTimeout(() => resolve('still open'), 3000);
       })`,
    );
    expect(outcome).toBe('disconnected');
  });

  it('ignores a capture that claims another origin than the page it came from', async () => {
    await evaluateInContentScript(
      session.context,
      page,
      session.extensionId,
      `chrome.runtime.sendMessage({ type: 'page-reading', engine: 'google', url: 'https://www.bing.com/search?q=x',
         reading: { query: 'forged', results: [{ title: 'forged', url: 'https://evil.example/', snippet: 'x' }] } }).catch(() => null)`,
    );
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await expect.poll(() => panel.getByTestId('source').count(), { timeout: 10_000 }).toBe(10);
    expect(await panel.getByTestId('query').textContent()).toBe('cancer deaths per year in the usa');
  });

  it('gives web pages no channel to the extension at all', async () => {
    const exposed = await page.evaluate(
      () => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage,
    );
    expect(exposed).toBe('undefined');
  });
});
