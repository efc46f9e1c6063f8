import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureRoute, htmlRoute, startHttpsServer } from '../e2e/harness/https-server';
import {
  JORDAN_HOST,
  RESULTS as JORDAN_RESULTS,
  JORDAN_SEARCH_URL,
  JORDAN_WORLD,
  QUESTION,
} from '../e2e/harness/jordan-scenario';
import { openAiCompatibleRoute, type RecordedRequest } from '../e2e/harness/model-server';
import { readerResponder } from '../e2e/harness/scripted-responder';
import { syntheticGooglePage } from '../e2e/harness/synthetic-serp';
import { type ExtensionGlobals, FIREFOX_TARGET, type FirefoxSession, launchFirefox } from './harness/firefox';
import { startProxy } from './harness/proxy';

const FIXTURES = join(import.meta.dirname, '../fixtures/serp');
const DDG_HOST = 'html.duckduckgo.com';
const DDG_URL = 'https://html.duckduckgo.com/html/?q=does+caffeine+affect+sleep';
/** A model server on the person's own network: not loopback, so its host must be granted first. */
const OWN_SERVER_HOST = 'models.home.arpa';
const OWN_SERVER_URL = `http://${OWN_SERVER_HOST}:11434/v1`;
const OWN_SERVER_PATTERN = `http://${OWN_SERVER_HOST}/*`;
const MODELS = ['scripted-model', 'llama3.2'];
const PANEL_SIZE = { width: 420, height: 900 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `read` gives what `done` accepts (the last value is in the error otherwise). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined);
    if (last !== undefined && done(last)) return last;
    await sleep(100);
  }
  throw new Error(`timed out; last value: ${JSON.stringify(last)}`);
}

const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (element) => element.textContent ?? '').catch(() => null);

/** Text of an element in Firefox's real sidebar (the panel Firefox opened for the add-on). */
const sidebarText = (session: FirefoxSession, selector: string) =>
  session.home.evaluate((wanted: string) => {
    const { browser: api } = globalThis as unknown as ExtensionGlobals;
    const [sidebar] = api.extension.getViews({ type: 'sidebar' });
    if (!sidebar) return 'no sidebar';
    return sidebar.document.querySelector(wanted)?.textContent ?? null;
  }, selector);

/** A real click: bringToFront first (a click in a background tab waits for the tab to paint). */
async function click(page: Page, selector: string) {
  await page.bringToFront();
  await page.waitForSelector(selector, { timeout: 20_000 });
  await page.click(selector);
}

describe(`Firefox ESR (${FIREFOX_TARGET}), the extension as a temporary add-on`, () => {
  let session: FirefoxSession;
  const modelRequests: RecordedRequest[] = [];
  const closers: (() => Promise<void>)[] = [];
  const timings: string[] = [];
  let started = 0;

  beforeAll(async () => {
    started = performance.now();
    const serp = await startHttpsServer(
      [DDG_HOST, JORDAN_HOST],
      [
        fixtureRoute(DDG_HOST, '/html', join(FIXTURES, 'duckduckgo/ddg-html-2026-07-caffeine-sleep.html')),
        htmlRoute(JORDAN_HOST, '/search', () => syntheticGooglePage(QUESTION, JORDAN_RESULTS)),
      ],
    );
    closers.push(serp.close);
    const proxy = await startProxy({
      tunnels: { [DDG_HOST]: serp.port, [JORDAN_HOST]: serp.port },
      routes: [
        openAiCompatibleRoute({
          host: OWN_SERVER_HOST,
          respond: readerResponder(JORDAN_WORLD),
          models: MODELS,
          log: modelRequests,
        }),
      ],
    });
    closers.push(proxy.close);
    const launchStart = performance.now();
    session = await launchFirefox({ proxyPort: proxy.port });
    closers.unshift(session.close);
    timings.push(`launch + install ${Math.round(performance.now() - launchStart)} ms`);
  }, 60_000);

  afterEach(() => {
    // Whatever the extension's scripts threw and nobody caught (the background page included) fails the test.
    expect(session?.extensionErrors() ?? []).toEqual([]);
  });

  afterAll(async () => {
    for (const close of closers) await close().catch(() => undefined);
    timings.push(`whole suite ${Math.round(performance.now() - started)} ms`);
    console.info(`Firefox ${FIREFOX_TARGET}: ${timings.join(', ')}`);
  });

  it('hears an uncaught error or rejection in an extension page (the check after each test is not blind)', async () => {
    await session.home.evaluate(() => {
      setTimeout(() => {
        throw new Error('collector probe: thrown');
      });
      void Promise.reject(new Error('collector probe: rejected'));
    });
    const heard = await until(
      async () => session.extensionErrors(),
      (lines) => lines.filter((line) => line.includes('collector probe')).length === 2,
      5_000,
    );
    for (const line of heard) if (line.includes('collector probe')) session.acknowledge(line);
  });

  it('is installed with the hosts it declares, and may ask for others', async () => {
    const installed = await session.home.evaluate(async () => {
      const { browser: api } = globalThis as unknown as ExtensionGlobals;
      const manifest = api.runtime.getManifest();
      return {
        version: manifest.manifest_version,
        optional: manifest.manifest_version === 2 ? manifest.optional_permissions : manifest.optional_host_permissions,
        granted: (await api.permissions.getAll()).origins ?? [],
      };
    });
    expect(installed.optional).toEqual(expect.arrayContaining(['https://*/*', 'http://*/*']));
    expect(installed.granted).toEqual(expect.arrayContaining(['http://127.0.0.1/*', 'http://localhost/*']));
  });

  it('captures a DuckDuckGo results page at its real address and shows it in the sidebar', async () => {
    const start = performance.now();
    const results = await session.browser.newPage();
    await results.goto(DDG_URL);
    const tabId = await session.tabIdOf(`https://${DDG_HOST}/html`);
    timings.push(`results page to capture ${Math.round(performance.now() - start)} ms`);

    // The sidebar Firefox opened follows the active tab: this one.
    await results.bringToFront();
    expect(
      await until(
        () => sidebarText(session, '[data-testid="query"]'),
        (text) => text === 'does caffeine affect sleep',
      ),
    ).toBe('does caffeine affect sleep');
    expect(await sidebarText(session, '[data-testid="engine"]')).toBe('duckduckgo · 9 results');

    // The same panel as a page of its own, to look at.
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`, PANEL_SIZE);
    await until(
      () => textOf(panel, '[data-testid="idle"]'),
      (text) => text?.includes('these 9 results') === true,
    );
    await session.screenshot(panel, 'firefox-sidebar-capture');
    await panel.close();
    await results.close();
  });

  it('panels that close while the background answers them leave no uncaught error behind', async () => {
    // A panel follows its tab's run over a port; it may be gone before the background's answer
    // arrives (the sidebar reloads, a tab closes). Posting to such a port throws in Firefox.
    const results = await session.browser.newPage();
    await results.goto(DDG_URL);
    const tabId = await session.tabIdOf(`https://${DDG_HOST}/html`);
    for (let round = 0; round < 12; round++) {
      const panel = await session.browser.newPage();
      void panel.goto(`${session.origin}sidepanel.html?tabId=${tabId}`).catch(() => undefined);
      await until(
        () => panel.evaluate(() => document.readyState),
        (state) => state !== 'loading',
        5_000,
      ).catch(() => undefined);
      await sleep(round * 4);
      await panel.close();
    }
    // The background's answers to the closed panels have arrived (or been dropped) by now.
    await sleep(1_000);
    await results.close();
  });

  it('saves a server of the person’s own from the options page, granted through the real permissions.request', async () => {
    const contains = () =>
      session.home.evaluate(async (pattern: string) => {
        const { browser: api } = globalThis as unknown as ExtensionGlobals;
        return api.permissions.contains({ origins: [pattern] });
      }, OWN_SERVER_PATTERN);
    expect(await contains()).toBe(false);

    const options = await session.openPage('options.html');
    await click(options, '[data-testid="backend-provider"]');
    await until(
      () => options.$eval('[data-testid="backend-provider"]', (radio) => (radio as HTMLInputElement).checked),
      (checked) => checked,
    );
    await options.locator('[data-testid="base-url"]').fill(OWN_SERVER_URL);
    await options.locator('[data-testid="model"]').fill('scripted-model');
    const start = performance.now();
    await click(options, '[data-testid="test-connection"]');
    const result = await until(
      () => textOf(options, '[data-testid="connection-ok"], [data-testid="connection-error"], .provider-form .error'),
      (text) => Boolean(text),
    );
    expect(result).toContain(`${MODELS.length} models available`);
    timings.push(`Test connection ${Math.round(performance.now() - start)} ms`);
    expect(await contains()).toBe(true);
    expect(
      modelRequests.some((request) => request.host === OWN_SERVER_HOST && request.path.endsWith('/v1/models')),
    ).toBe(true);
    const stored = await session.home.evaluate(async () => {
      const { browser: api } = globalThis as unknown as ExtensionGlobals;
      return JSON.stringify(await api.storage.local.get('settings'));
    });
    expect(stored).toContain(OWN_SERVER_URL);
    await session.screenshot(options, 'firefox-options-provider');
    await options.close();
  });

  it('checks a question against that server: the conflict, a review, and trust follows', async () => {
    const results = await session.browser.newPage();
    await results.goto(JORDAN_SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${JORDAN_HOST}/search`);

    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`, PANEL_SIZE);
    const start = performance.now();
    await click(panel, '[data-testid="check"]');
    expect(
      await until(
        () => textOf(panel, '[data-testid="answer"]'),
        (text) => text === '1963',
        40_000,
      ),
    ).toBe('1963');
    timings.push(`check to verdict ${Math.round(performance.now() - start)} ms`);
    await panel.waitForSelector('[data-testid="conflict"]');
    expect(await panel.$eval('[data-testid="conflict"]', (element) => element.getAttribute('data-kind'))).toBe(
      'misinformation',
    );
    expect(await textOf(panel, '[data-testid="assessed-source"][data-stance="contradicts"]')).toContain(
      'fake-facts.net',
    );
    const chats = modelRequests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(chats.length).toBeGreaterThan(0);
    expect(chats.every((request) => request.host === OWN_SERVER_HOST)).toBe(true);
    await session.screenshot(panel, 'firefox-sidebar-verdict');

    // The toolbar button (MV2's browserAction here) says the tab's state: a conflict was found.
    const badge = () =>
      session.home.evaluate((tab: number) => {
        const { browser: api } = globalThis as unknown as ExtensionGlobals;
        return Promise.all([
          api.browserAction.getBadgeText({ tabId: tab }),
          api.browserAction.getTitle({ tabId: tab }),
        ]);
      }, tabId);
    const [badgeText, badgeTitle] = await until(badge, ([text]) => text === '!');
    expect(badgeText).toBe('!');
    expect(badgeTitle).toContain('contradicted or disputed claims found');

    // The results page marks every result.
    await until(
      () => results.$$eval('factcheck-badge', (badges) => badges.length),
      (count) => count === JORDAN_RESULTS.length,
    );

    // The real sidebar shows the same run when its tab is active.
    await results.bringToFront();
    await until(
      () => sidebarText(session, '[data-testid="answer"]'),
      (text) => text === '1963',
    );

    await click(panel, '[data-testid^="review-"][data-testid$="-a"]');
    await until(
      () => textOf(panel, '[data-testid="review-result"]'),
      (text) => text === 'You marked A as right.',
    );

    const options = await session.openPage('options.html');
    const row = (domain: string) => `[data-testid="trust-row"][data-domain="${domain}"]`;
    await until(
      () => textOf(options, row('fake-facts.net')),
      (text) => text?.includes('1 review') === true,
    );
    const reliability = (domain: string) =>
      options.$eval(`${row(domain)} [data-testid="trust-reliability"]`, (cell) =>
        Number.parseFloat(cell.textContent ?? 'NaN'),
      );
    expect(await reliability('fake-facts.net')).toBeLessThan(await reliability('nba.com'));
    await session.screenshot(options, 'firefox-options-trust');
  });

  it('offers the local model by what this Firefox can do (WebGPU and an adapter), and says why not here', async () => {
    // What this Firefox offers, asked the way the engine asks: navigator.gpu, then an adapter.
    const offered = await session.home.evaluate(async () => {
      const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
      if (!gpu) return 'no webgpu';
      return (await gpu.requestAdapter().catch(() => null)) ? 'adapter' : 'no adapter';
    });
    const options = await session.openPage('options.html');
    await click(options, 'input[name="backend-kind"]:not([data-testid="backend-provider"])');
    const status = await until(
      () => textOf(options, '[data-testid="webgpu-status"]'),
      (text) => Boolean(text),
    );
    const expected = {
      'no webgpu': /offers no WebGPU/,
      'no adapter': /no graphics adapter/,
      adapter: /WebGPU available/,
    };
    expect(status).toMatch(expected[offered]);
    expect(status).not.toMatch(/needs Chrome/);
    timings.push(`WebGPU here: ${offered}`);
    await session.screenshot(options, 'firefox-options-local-model');
    await options.close();
  });
});
