import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureState } from '@/lib/messaging/requests/capture';
import { type ExtensionSession, launchExtension, ROOT } from './harness/extension';
import { type FixtureServer, fixtureRoute, type Route, startHttpsServer } from './harness/https-server';

/**
 * The content script on real engine addresses (fixtures served through --host-resolver-rules):
 * it captures, the background keeps the capture, badges are drawn in the results, the side panel shows it.
 */

const FIXTURES = join(ROOT, 'tests/fixtures/serp');

interface EngineCase {
  engine: string;
  host: string;
  path: string;
  search: string;
  fixture: string;
  query: string;
  count: number;
  first: { url: string; domain: string };
}

const CASES: EngineCase[] = [
  {
    engine: 'google',
    host: 'www.google.com',
    path: '/search',
    search: '?q=cancer+deaths+per+year+in+the+usa',
    fixture: 'google/google-2025-02-ai-overview-cancer-deaths.html',
    query: 'cancer deaths per year in the usa',
    count: 10,
    first: {
      url: 'https://www.cancer.org/research/cancer-facts-statistics/all-cancer-facts-figures/cancer-facts-figures-2021.html',
      domain: 'cancer.org',
    },
  },
  {
    engine: 'bing',
    host: 'www.bing.com',
    path: '/search',
    search: '?q=javascript+tutorial',
    fixture: 'bing/bing-2026-04-javascript-tutorial.html',
    query: 'javascript tutorial',
    count: 10,
    first: { url: 'https://www.w3schools.com/Js/', domain: 'w3schools.com' },
  },
  {
    engine: 'duckduckgo',
    host: 'html.duckduckgo.com',
    path: '/html/',
    search: '?q=does+caffeine+affect+sleep',
    fixture: 'duckduckgo/ddg-html-2026-07-caffeine-sleep.html',
    query: 'does caffeine affect sleep',
    count: 9,
    first: { url: 'https://www.sleepfoundation.org/nutrition/caffeine-and-sleep', domain: 'sleepfoundation.org' },
  },
  {
    engine: 'brave',
    host: 'search.brave.com',
    path: '/search',
    search: '?q=javascript+tutorial',
    fixture: 'brave/brave-2026-04-javascript-tutorial.html',
    query: 'javascript tutorial',
    count: 20,
    first: { url: 'https://www.w3schools.com/js/', domain: 'w3schools.com' },
  },
];

const DDG_JS = {
  host: 'duckduckgo.com',
  fixture: 'duckduckgo/synthetic-ddg-js-2026-react-everest.html',
};

/** Google's markup with the known class names renamed, as when Google ships new hashed names. */
const DRIFTED_GOOGLE = { host: 'www.google.de', fixture: 'google/google-2025-02-ai-overview-cancer-deaths.html' };
const KNOWN_GOOGLE_CLASSES = new Set(['tF2Cxc', 'yuRUbf', 'VwiC3b', 'MjjYud', 'LC20lb', 'g']);

function driftedRoute(host: string, file: string): Route {
  return (request, response) => {
    if ((request.headers.host ?? '').split(':')[0] !== host) return false;
    const html = readFileSync(file, 'utf8').replace(
      /class="([^"]*)"/g,
      (_, names: string) =>
        `class="${names
          .split(' ')
          .map((name) => (KNOWN_GOOGLE_CLASSES.has(name) ? `x${name}9` : name))
          .join(' ')}"`,
    );
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    return true;
  };
}

/**
 * The saved Bing page's own inline script hides #b_content (style.visibility = "hidden") until
 * scripts the saved page does not have reveal it: served as the live page shows it once they ran,
 * since the content script reads only what a person sees.
 */
const SHOWN_AS_LIVE: Record<string, string> = {
  'www.bing.com': '<style>#b_content { visibility: visible !important; }</style>',
};

function pageRoute(host: string, path: string, file: string): Route {
  const reveal = SHOWN_AS_LIVE[host];
  if (!reveal) return fixtureRoute(host, path, file);
  return (request, response) => {
    const requested = (request.url ?? '/').split('?')[0] ?? '/';
    if ((request.headers.host ?? '').split(':')[0] !== host || !requested.startsWith(path)) return false;
    const html = readFileSync(file, 'utf8').replace('</body>', `${reveal}</body>`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    return true;
  };
}

/** Google's AI Overview block still loading (placeholder only): its text arrives after the results. */
const LATE_OVERVIEW = {
  host: 'www.google.co.uk',
  fixture: 'google/google-2025-02-ai-overview-placeholder-tesla-manifesto.html',
};

const BLOCKED_BING = { host: 'cn.bing.com', fixture: 'bing/bing-2026-04-turnstile-challenge-NO-RESULTS.html' };

let server: FixtureServer;
let session: ExtensionSession;

const worker = () => session.context.serviceWorkers()[0] ?? session.worker;

async function captureState(tabId: number): Promise<CaptureState | null> {
  return worker().evaluate(async (key) => {
    const area = (
      globalThis as unknown as {
        chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } };
      }
    ).chrome.storage.session;
    return ((await area.get(key))[key] ?? null) as CaptureState | null;
  }, `capture:${tabId}`);
}

/** The tab whose stored capture state failed with a reason matching `reason` (no capture URL to look up). */
async function failedTab(reason: RegExp): Promise<{ tabId: number; failure: string } | null> {
  const all = await worker().evaluate(async () => {
    const area = (
      globalThis as unknown as { chrome: { storage: { session: { get(): Promise<Record<string, unknown>> } } } }
    ).chrome.storage.session;
    return area.get();
  });
  for (const [key, value] of Object.entries(all)) {
    const failure = (value as CaptureState | null)?.failure;
    if (key.startsWith('capture:') && failure && reason.test(failure)) {
      return { tabId: Number(key.slice('capture:'.length)), failure };
    }
  }
  return null;
}

async function openResults(url: string): Promise<{ page: Page; tabId: number }> {
  const page = await session.context.newPage();
  await page.goto(url);
  return { page, tabId: await session.tabIdOf(url.split('?')[0] ?? url) };
}

beforeAll(async () => {
  const hosts = [...CASES.map((c) => c.host), DDG_JS.host, DRIFTED_GOOGLE.host, BLOCKED_BING.host, LATE_OVERVIEW.host];
  server = await startHttpsServer(hosts, [
    ...CASES.map((c) => pageRoute(c.host, c.path, join(FIXTURES, c.fixture))),
    fixtureRoute(DDG_JS.host, '/', join(FIXTURES, DDG_JS.fixture)),
    driftedRoute(DRIFTED_GOOGLE.host, join(FIXTURES, DRIFTED_GOOGLE.fixture)),
    fixtureRoute(BLOCKED_BING.host, '/search', join(FIXTURES, BLOCKED_BING.fixture)),
    fixtureRoute(LATE_OVERVIEW.host, '/search', join(FIXTURES, LATE_OVERVIEW.fixture)),
  ]);
  session = await launchExtension({ hosts, port: server.port });
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

describe('results pages of the major engines reach the background and the side panel', () => {
  it.each(CASES)('$engine: captured at its real address, badges drawn, panel shows it', async (c) => {
    const { page, tabId } = await openResults(`https://${c.host}${c.path}${c.search}`);
    const state = await captureState(tabId);
    const capture = state?.capture;
    expect(capture?.engine).toBe(c.engine);
    expect(capture?.query).toBe(c.query);
    expect(capture?.extraction).toBe('selectors');
    expect(capture?.results).toHaveLength(c.count);
    expect(capture?.results[0]).toMatchObject(c.first);

    // The background answers a capture with badges; the content script finds each result's element.
    await expect.poll(() => page.locator('factcheck-badge').count(), { timeout: 10_000 }).toBe(c.count);

    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await expect.poll(() => panel.getByTestId('query').textContent(), { timeout: 10_000 }).toBe(c.query);
    expect(await panel.getByTestId('engine').textContent()).toContain(`${c.count} results`);
    // The panel lists the sources before any check, first one linking to the real destination.
    await expect.poll(() => panel.getByTestId('source').count(), { timeout: 10_000 }).toBe(c.count);
    const first = panel.getByTestId('source').first();
    expect(await first.locator('a').first().getAttribute('href')).toBe(c.first.url);
    expect(await first.textContent()).toContain(c.first.domain);
    await session.screenshot(page, `engine-${c.engine}-results`);
    await session.screenshot(panel, `engine-${c.engine}-sidepanel`);
    await panel.close();
    await page.close();
  });

  it('re-captures when more results load in place, without duplicates', async () => {
    const { page, tabId } = await openResults('https://html.duckduckgo.com/html/?q=does+caffeine+affect+sleep');
    await expect.poll(async () => (await captureState(tabId))?.capture?.results.length).toBe(9);
    // DuckDuckGo's "more results": the next page's results appended to the same list (one repeats).
    await page.evaluate(() => {
      const links = document.querySelector('#links');
      const template = links?.querySelector('div.result.web-result');
      if (!links || !template) throw new Error('fixture changed');
      for (const [n, href] of [
        'https://example.org/more-1',
        'https://example.org/more-2',
        'https://example.org/more-1',
      ].entries()) {
        const copy = template.cloneNode(true) as HTMLElement;
        const title = copy.querySelector('a.result__a');
        if (!title) throw new Error('fixture changed');
        title.setAttribute('href', `//duckduckgo.com/l/?uddg=${encodeURIComponent(href)}`);
        title.textContent = `More result ${n + 1}`;
        links.append(copy);
      }
    });
    await expect.poll(async () => (await captureState(tabId))?.capture?.results.length, { timeout: 10_000 }).toBe(11);
    const urls = (await captureState(tabId))?.capture?.results.map((r) => r.url) ?? [];
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.slice(-2)).toEqual(['https://example.org/more-1', 'https://example.org/more-2']);
    await page.close();
  });

  it('re-captures after in-page navigation to a new search (duckduckgo.com, SYNTHETIC React page)', async () => {
    const { page, tabId } = await openResults('https://duckduckgo.com/?q=how+tall+is+mount+everest&ia=web');
    expect((await captureState(tabId))?.capture?.results.map((r) => r.domain)).toEqual([
      'wikipedia.org',
      'britannica.com',
      'nationalgeographic.com',
    ]);
    // A single-page app swaps the results and the address without a page load.
    await page.evaluate(() => {
      history.pushState(null, '', '/?q=k2+height&ia=web');
      const first = document.querySelector('article[data-testid="result"] a[data-testid="result-title-a"]');
      first?.setAttribute('href', 'https://en.wikipedia.org/wiki/K2');
      if (first) first.textContent = 'K2 - Wikipedia';
    });
    await expect.poll(async () => (await captureState(tabId))?.capture?.query, { timeout: 10_000 }).toBe('k2 height');
    expect((await captureState(tabId))?.capture?.results[0]?.url).toBe('https://en.wikipedia.org/wiki/K2');
    await page.close();
  });

  it('degrades to the structural fallback when the known class names have drifted', async () => {
    const { page, tabId } = await openResults(
      `https://${DRIFTED_GOOGLE.host}/search?q=cancer+deaths+per+year+in+the+usa`,
    );
    const capture = (await captureState(tabId))?.capture;
    expect(capture?.engine).toBe('google');
    expect(capture?.extraction).toBe('fallback');
    expect(capture?.results.length).toBeGreaterThanOrEqual(8);
    expect(capture?.results[0]).toMatchObject({ domain: 'cancer.org', title: 'Cancer Facts & Figures 2021' });
    expect(capture?.results[0]?.snippet).toContain('608,570 cancer deaths');
    await expect.poll(() => page.locator('factcheck-badge').count(), { timeout: 10_000 }).toBe(capture?.results.length);
    await page.close();
  });

  it('says plainly in the side panel when the engine shows a bot check instead of results', async () => {
    const page = await session.context.newPage();
    await page.goto(`https://${BLOCKED_BING.host}/search?q=javascript+tutorial`);
    await expect.poll(() => failedTab(/bot check/), { timeout: 10_000 }).not.toBeNull();
    const blocked = await failedTab(/bot check/);
    const panel = await session.openPage(`sidepanel.html?tabId=${blocked?.tabId}`);
    await expect
      .poll(() => panel.getByTestId('empty').textContent(), { timeout: 10_000 })
      .toMatch(/Bing is showing a bot check/);
    await session.screenshot(panel, 'engine-bing-blocked-sidepanel');
    await panel.close();
    await page.close();
  });

  it('sends the capture again when the AI Overview arrives after the results', async () => {
    const { page, tabId } = await openResults(`https://${LATE_OVERVIEW.host}/search?q=tesla+manifesto`);
    expect((await captureState(tabId))?.capture?.answerBox).toBeUndefined();
    await page.evaluate(() => {
      const block = document.getElementById('eKIzJc');
      if (!block) throw new Error('fixture changed');
      const answer = document.createElement('div');
      answer.setAttribute('jsname', 'dvXlsc');
      answer.textContent = 'The Tesla master plan (2006) set out to build a sports car, then cheaper cars.';
      const source = document.createElement('a');
      source.href = 'https://www.tesla.com/secret-master-plan';
      block.append(answer, source);
    });
    await expect
      .poll(async () => (await captureState(tabId))?.capture?.answerBox, { timeout: 10_000 })
      .toEqual({
        kind: 'ai-overview',
        text: 'The Tesla master plan (2006) set out to build a sports car, then cheaper cars.',
        sourceUrls: ['https://www.tesla.com/secret-master-plan'],
      });
    await page.close();
  });

  it('leaves an engine the person switched off alone', async () => {
    const setSettings = (value: unknown) =>
      worker().evaluate(async (stored) => {
        const area = (globalThis as unknown as { chrome: { storage: { local: { set(v: unknown): Promise<void> } } } })
          .chrome.storage.local;
        await area.set({ settings: stored });
      }, value);
    await setSettings({ v: 2, value: { disabledEngines: ['brave'] } });
    try {
      const page = await session.context.newPage();
      await page.goto('https://search.brave.com/search?q=switched+off');
      // Give the content script time to (not) report, then look for any capture of that page.
      await page.waitForTimeout(2_500);
      const all = await worker().evaluate(async () => {
        const area = (
          globalThis as unknown as { chrome: { storage: { session: { get(): Promise<Record<string, unknown>> } } } }
        ).chrome.storage.session;
        return Object.values(await area.get());
      });
      const urls = all.map((value) => (value as CaptureState | null)?.capture?.url);
      expect(urls).not.toContain('https://search.brave.com/search?q=switched+off');
      expect(await page.locator('factcheck-badge').count()).toBe(0);
      await page.close();
    } finally {
      await setSettings({ v: 2, value: {} });
    }
  });
});
