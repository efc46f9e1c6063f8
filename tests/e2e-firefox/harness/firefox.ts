import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { RESULTS_DIR, ROOT } from '../../e2e/harness/extension';

/** The add-on id (browser_specific_settings.gecko.id in wxt.config.ts). */
export const ADDON_ID = 'serp-factcheck@example.org';
/** Which Firefox build to install: firefox-mv2 (shipped) or firefox-mv3 (measured against it). */
export const FIREFOX_TARGET = process.env.FACTCHECK_FIREFOX_TARGET ?? 'firefox-mv2';
export const FIREFOX_EXTENSION_DIR = resolve(ROOT, process.env.FACTCHECK_OUT_DIR ?? '.output', FIREFOX_TARGET);
/** Fixed, so the extension's pages have a known address (extensions.webextensions.uuids). */
const UUID = '6f1c7a52-3d0e-4b8a-9f51-2c7d4e9a0b13';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'];

/** FIREFOX_PATH first, then the usual places; a one-line instruction when there is none. */
export function findFirefox(): string {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`FIREFOX_PATH=${fromEnv} does not exist; point it at a Firefox binary.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error('No Firefox found: `apt-get install -y firefox-esr` (as .ci/run does) or set FIREFOX_PATH.');
}

export interface FirefoxSession {
  browser: Browser;
  /** moz-extension://<uuid>/ */
  origin: string;
  /** An extension page kept open to call `browser.*` from (the background page cannot be driven). */
  home: Page;
  /** Every line Firefox printed: its own errors, and the console of extension pages. */
  output: string[];
  /** Uncaught errors (and unhandled rejections) of the extension's own scripts, background page included. */
  extensionErrors(): string[];
  /** Takes a line out of extensionErrors (the suite's own probe of the collector). */
  acknowledge(line: string): void;
  /** Opens one of the extension's pages in a new tab, e.g. 'sidepanel.html?tabId=3'. */
  openPage(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** Navigates a tab to an extension page (puppeteer never sees these navigations end: poll instead). */
  goto(page: Page, path: string): Promise<void>;
  /** The browser's id for the tab whose captured results page starts with `prefix`. */
  tabIdOf(prefix: string): Promise<number>;
  /** Saves a PNG under test-results/. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What an extension page offers to page.evaluate (types only: the functions run in Firefox). */
export interface ExtensionGlobals {
  browser: {
    storage: {
      session: { get(keys: null): Promise<Record<string, unknown>> };
      local: { get(keys: string | null): Promise<Record<string, unknown>> };
    };
    permissions: {
      getAll(): Promise<{ origins?: string[]; permissions?: string[] }>;
      contains(permissions: { origins: string[] }): Promise<boolean>;
    };
    runtime: { getManifest(): { manifest_version: number; [key: string]: unknown } };
    extension: { getViews(filter: { type: string }): Window[] };
    browserAction: {
      getBadgeText(details: { tabId: number }): Promise<string>;
      getTitle(details: { tabId: number }): Promise<string>;
    };
  };
}

/**
 * Headless Firefox (WebDriver BiDi, no geckodriver) with the built extension installed as a
 * temporary add-on. HTTP(S) goes through `proxyPort` (startProxy), loopback stays direct.
 */
export async function launchFirefox(options: {
  proxyPort: number;
  /** More preferences (the benchmark shortens the event page's idle timeout). */
  prefs?: Record<string, unknown>;
}): Promise<FirefoxSession> {
  if (!existsSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension in ${FIREFOX_EXTENSION_DIR}: run \`npm run build:firefox\` first.`);
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    // BiDi refuses to navigate to moz-extension:// without it.
    args: ['--remote-allow-system-access'],
    // The fixture server's certificate is made at test time.
    acceptInsecureCerts: true,
    defaultViewport: { width: 1000, height: 800 },
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': options.proxyPort,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': options.proxyPort,
      'network.proxy.no_proxies_on': '',
      // The model server on 127.0.0.1 is reached directly, as a person's Ollama would be.
      'network.proxy.allow_hijacking_localhost': false,
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }),
      // permissions.request grants without the doorhanger (it still needs a real click).
      'extensions.webextOptionalPermissionPrompts': false,
      // console.* of web and extension pages on stdout, where the test reads it.
      'devtools.console.stdout.content': true,
      'devtools.console.stdout.chrome': true,
      ...options.prefs,
    },
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
  };
  const child = browser.process();
  child?.stdout?.on('data', collect);
  child?.stderr?.on('data', collect);

  await browser.installExtension(FIREFOX_EXTENSION_DIR);
  const origin = `moz-extension://${UUID}/`;
  mkdirSync(RESULTS_DIR, { recursive: true });

  const goto = async (page: Page, path: string) => {
    const url = `${origin}${path}`;
    void page.goto(url).catch(() => undefined);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const state = await page.evaluate(() => `${location.href} ${document.readyState}`).catch(() => '');
      if (state === `${url} complete`) return;
      await sleep(50);
    }
    throw new Error(`${url} did not load`);
  };
  const openPage = async (path: string, viewport?: { width: number; height: number }) => {
    const page = await browser.newPage();
    if (viewport) await page.setViewport(viewport);
    await goto(page, path);
    return page;
  };
  const home = await openPage('options.html');
  const acknowledged = new Set<string>();

  return {
    browser,
    origin,
    home,
    output,
    extensionErrors: () =>
      output.filter(
        (line) =>
          !acknowledged.has(line) &&
          ((line.includes('JavaScript error:') && line.includes(origin)) ||
            /uncaught (exception|\(in promise\))|Attempt to postMessage on disconnected port/i.test(line)),
      ),
    acknowledge: (line) => void acknowledged.add(line),
    openPage,
    goto,
    async tabIdOf(prefix) {
      // Without the "tabs" permission tab URLs are hidden: look where captures are kept instead.
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const id = await home.evaluate(async (wanted: string) => {
          const { browser: api } = globalThis as unknown as ExtensionGlobals;
          for (const [key, value] of Object.entries(await api.storage.session.get(null))) {
            const url = (value as { capture?: { url?: string } } | null)?.capture?.url;
            if (key.startsWith('capture:') && url?.startsWith(wanted)) return Number(key.slice('capture:'.length));
          }
          return null;
        }, prefix);
        if (id !== null) return id;
        await sleep(100);
      }
      throw new Error(`no captured tab shows ${prefix}`);
    },
    async screenshot(page, name) {
      const path = join(RESULTS_DIR, `${name}.png`);
      await page.bringToFront();
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await browser.close();
      // Kept for reading after the run: what the background page and the other pages printed.
      writeFileSync(join(RESULTS_DIR, `${FIREFOX_TARGET}-console.log`), `${output.join('\n')}\n`);
    },
  };
}
