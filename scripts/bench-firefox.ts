/**
 * Firefox: Manifest V2 (a persistent background page) against Manifest V3 (an event page), measured
 * with the same extension built both ways. What it decides: which manifest the Firefox build ships.
 *
 *   npm run bench:firefox           (ROUNDS=3; builds .output/firefox-mv2 and .output/firefox-mv3)
 *
 * Each round launches Firefox ESR twice per build (builds in alternating order), installs the build
 * as a temporary add-on and times, from Node:
 * 1. with `extensions.background.idle.timeout` shortened to IDLE_MS (Firefox stops an idle MV3 event
 *    page after it; 30 s by default): a results page opened → its capture stored, the first time,
 *    right after, and once the background has been left idle for IDLE_MS + 1 s; and whether the
 *    background page was stopped and started again meanwhile;
 * 2. with Firefox's own idle timeout (30 s): a check whose first model call answers only after
 *    SLOW_MS (a local server loading its weights), with the panel open on it, as a person would
 *    have it: does the check finish, or does the background stop under it?
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'puppeteer-core';
import { defaultSettings } from '../lib/core/settings';
import { SETTINGS_VERSION } from '../lib/storage/items';
import { startHttpServer } from '../tests/e2e/harness/http-server';
import { htmlRoute, type Route, startHttpsServer } from '../tests/e2e/harness/https-server';
import { JORDAN_WORLD, RESULTS } from '../tests/e2e/harness/jordan-scenario';
import { openAiCompatibleRoute } from '../tests/e2e/harness/model-server';
import { readerResponder } from '../tests/e2e/harness/scripted-responder';
import { syntheticGooglePage } from '../tests/e2e/harness/synthetic-serp';
import type { ExtensionGlobals, FirefoxSession } from '../tests/e2e-firefox/harness/firefox';
import { startProxy } from '../tests/e2e-firefox/harness/proxy';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const IDLE_MS = 2_000;
const SLOW_MS = 45_000;
const TARGETS = ['firefox-mv2', 'firefox-mv3'] as const;
const HOST = 'www.google.com';

type Target = (typeof TARGETS)[number];
interface Sample {
  firstCapture: number;
  warmCapture: number;
  afterIdleCapture: number;
  backgroundRestarted: boolean;
  slowCheck: string;
  slowCheckMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let searchCount = 0;

async function openResults(session: FirefoxSession): Promise<{ ms: number; tabId: number; page: Page }> {
  const url = `https://${HOST}/search?q=${encodeURIComponent(`when was michael jordan born ${++searchCount}`)}`;
  const page = await session.browser.newPage();
  const start = performance.now();
  await page.goto(url);
  const tabId = await session.tabIdOf(url);
  return { ms: performance.now() - start, tabId, page };
}

/** When the background page now running was started (another time: it was stopped and started again). */
const backgroundOrigin = (session: FirefoxSession) =>
  session.home.evaluate(() => {
    const api = (globalThis as unknown as { browser: { extension: { getViews(): Window[] } } }).browser;
    // Firefox loads background scripts into a page it generates; getViews() lists it while it runs.
    const page = api.extension.getViews().find((view) => view.location.pathname.includes('background'));
    return page ? page.performance.timeOrigin : null;
  });

const runStatus = (session: FirefoxSession, tabId: number) =>
  session.home.evaluate(async (key: string) => {
    const { browser: api } = globalThis as unknown as ExtensionGlobals;
    const value = (await api.storage.session.get(null))[key] as
      | { status?: string; events?: { type: string; error?: { message?: string } }[] }
      | undefined;
    const last = value?.events?.at(-1);
    return value?.status === 'running' ? null : `${value?.status}${last?.error ? `: ${last.error.message}` : ''}`;
  }, `run:${tabId}`);

async function launch(target: Target, proxyPort: number, prefs: Record<string, unknown>): Promise<FirefoxSession> {
  process.env.FACTCHECK_FIREFOX_TARGET = target;
  // The harness reads the target when it is loaded: a fresh copy per target.
  const { launchFirefox } = (await import(
    `../tests/e2e-firefox/harness/firefox.ts?${target}`
  )) as typeof import('../tests/e2e-firefox/harness/firefox');
  return launchFirefox({ proxyPort, prefs });
}

async function pointAt(session: FirefoxSession, modelPort: number) {
  const backend = {
    kind: 'provider',
    provider: 'openai-compatible',
    model: 'scripted-model',
    baseUrl: `http://127.0.0.1:${modelPort}/v1`,
  };
  await session.home.evaluate(
    async (item) => {
      const api = (globalThis as unknown as { browser: { storage: { local: { set(v: unknown): Promise<void> } } } })
        .browser;
      await api.storage.local.set(item);
    },
    { settings: { v: SETTINGS_VERSION, value: { ...defaultSettings(), backend } } },
  );
}

async function captures(target: Target, proxyPort: number) {
  const session = await launch(target, proxyPort, { 'extensions.background.idle.timeout': IDLE_MS });
  try {
    const first = await openResults(session);
    const warm = await openResults(session);
    const before = await backgroundOrigin(session);
    await sleep(IDLE_MS + 1_000);
    const afterIdle = await openResults(session);
    const after = await backgroundOrigin(session);
    return {
      firstCapture: first.ms,
      warmCapture: warm.ms,
      afterIdleCapture: afterIdle.ms,
      backgroundRestarted: before !== after,
    };
  } finally {
    await session.close();
  }
}

async function slowCheck(target: Target, proxyPort: number, modelPort: number) {
  const session = await launch(target, proxyPort, {});
  try {
    await pointAt(session, modelPort);
    const { tabId } = await openResults(session);
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.waitForSelector('[data-testid="check"]');
    const start = performance.now();
    await panel.click('[data-testid="check"]');
    const deadline = Date.now() + SLOW_MS + 60_000;
    while (Date.now() < deadline) {
      const status = await runStatus(session, tabId);
      if (status) return { slowCheck: status, slowCheckMs: performance.now() - start };
      await sleep(250);
    }
    return { slowCheck: 'still running', slowCheckMs: performance.now() - start };
  } finally {
    await session.close();
  }
}

/** The first chat request waits SLOW_MS (a server loading its model), the others answer at once. */
function slowFirstAnswer(route: Route): Route {
  let waited = false;
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!waited && request.method === 'POST' && request.url?.endsWith('/chat/completions')) {
      waited = true;
      setTimeout(() => route(request, response), SLOW_MS);
      return true;
    }
    return route(request, response);
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
};

const serp = await startHttpsServer(
  [HOST],
  [htmlRoute(HOST, '/search', () => syntheticGooglePage('when was michael jordan born', RESULTS))],
);
const proxy = await startProxy({ tunnels: { [HOST]: serp.port }, routes: [] });
const samples: Record<Target, Sample[]> = { 'firefox-mv2': [], 'firefox-mv3': [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? TARGETS : [...TARGETS].reverse();
    for (const target of order) {
      const model = await startHttpServer([
        slowFirstAnswer(openAiCompatibleRoute({ host: '127.0.0.1', respond: readerResponder(JORDAN_WORLD) })),
      ]);
      try {
        const sample = {
          ...(await captures(target, proxy.port)),
          ...(await slowCheck(target, proxy.port, model.port)),
        };
        samples[target].push(sample);
        console.info(
          `round ${round + 1} ${target}: ${JSON.stringify(sample, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
        );
      } finally {
        await model.close();
      }
    }
  }
} finally {
  await proxy.close();
  await serp.close();
}

console.info(
  `\nFirefox ESR headless, ${ROUNDS} rounds; captures with an idle timeout of ${IDLE_MS} ms; slow check: first model answer after ${SLOW_MS / 1000} s, Firefox's own idle timeout`,
);
console.info(
  '| build | first capture | warm capture | capture after idle | background restarted when idle | slow check |',
);
console.info('|---|---|---|---|---|---|');
for (const target of TARGETS) {
  const rows = samples[target];
  const outcomes = [...new Set(rows.map((row) => row.slowCheck))].map(
    (outcome) => `${rows.filter((row) => row.slowCheck === outcome).length}× ${outcome}`,
  );
  console.info(
    `| ${target} | ${median(rows.map((r) => r.firstCapture))} ms | ${median(rows.map((r) => r.warmCapture))} ms | ${median(rows.map((r) => r.afterIdleCapture))} ms | ${rows.filter((r) => r.backgroundRestarted).length}/${rows.length} | ${outcomes.join(', ')} (median ${median(rows.map((r) => r.slowCheckMs))} ms) |`,
  );
}
