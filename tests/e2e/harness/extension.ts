import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { findChromium } from './chromium';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const EXTENSION_DIR = join(ROOT, process.env.FACTCHECK_OUT_DIR ?? '.output', 'chrome-mv3');
export const RESULTS_DIR = join(ROOT, 'test-results');

export interface ExtensionSession {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Opens one of the extension's pages in a tab, e.g. 'sidepanel.html?tabId=3'. */
  openPage(path: string): Promise<Page>;
  /** The browser's id for the tab showing a URL that starts with `prefix`. */
  tabIdOf(prefix: string): Promise<number>;
  /** Saves a PNG under test-results/; the whole page unless `viewportOnly`. */
  screenshot(page: Page, name: string, options?: { viewportOnly?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Chromium's flags for a test profile with the built extension: no network chatter of its own,
 * no first-run UI, the test server's certificate accepted. `gpu: 'software'` gives WebGPU a
 * SwiftShader adapter (enough to test detection, not to run a model).
 */
export function launchArgs(options: { gpu: 'off' | 'software'; hostRules?: string }): string[] {
  return [
    `--disable-extensions-except=${EXTENSION_DIR}`,
    `--load-extension=${EXTENSION_DIR}`,
    '--no-sandbox',
    options.gpu === 'off' ? '--disable-gpu' : '--enable-unsafe-webgpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
    '--ignore-certificate-errors',
    ...(options.hostRules ? [`--host-resolver-rules=${options.hostRules}`] : []),
  ];
}

/**
 * Launches Chromium with the built extension loaded. `hosts` are mapped to 127.0.0.1:port
 * so fixture pages load at the engines' real URLs ('*' maps every host name there).
 */
export async function launchExtension(
  options: { hosts?: readonly string[]; port?: number } = {},
): Promise<ExtensionSession> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error('No built extension in .output/chrome-mv3: run `npm run build` first.');
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'factcheck-profile-'));
  const rules = (options.hosts ?? []).map((host) => `MAP ${host} 127.0.0.1:${options.port}`).join(',');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    viewport: { width: 420, height: 900 },
    args: launchArgs({ gpu: 'off', hostRules: rules }),
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  mkdirSync(RESULTS_DIR, { recursive: true });

  return {
    context,
    worker,
    extensionId,
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async tabIdOf(prefix) {
      // Without the "tabs" permission tab URLs are hidden, so look where captures are kept instead.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const current = context.serviceWorkers()[0] ?? worker;
        const id = await current.evaluate(async (p: string) => {
          const area = (
            globalThis as unknown as { chrome: { storage: { session: { get(): Promise<Record<string, unknown>> } } } }
          ).chrome.storage.session;
          for (const [key, value] of Object.entries(await area.get())) {
            const url = (value as { capture?: { url?: string } } | null)?.capture?.url;
            if (key.startsWith('capture:') && url?.startsWith(p)) return Number(key.slice('capture:'.length));
          }
          return null;
        }, prefix);
        if (id !== null) return id;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no captured tab shows ${prefix}`);
    },
    async screenshot(page, name, options) {
      const path = join(RESULTS_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: !options?.viewportOnly });
      return path;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
