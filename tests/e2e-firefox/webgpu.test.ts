import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIREFOX_TARGET, type FirefoxSession, launchFirefox } from './harness/firefox';
import { startProxy } from './harness/proxy';

/**
 * The same build in a Firefox with WebGPU turned on (dom.webgpu.enabled): navigator.gpu is there,
 * so the engine asks it for an adapter; headless on this machine there is none, and the options
 * say so. firefox.test.ts covers the default, where navigator.gpu is absent.
 */
describe(`Firefox ESR (${FIREFOX_TARGET}) with WebGPU turned on`, () => {
  let session: FirefoxSession;
  let closeProxy: () => Promise<void>;

  beforeAll(async () => {
    const proxy = await startProxy({ tunnels: {}, routes: [] });
    closeProxy = proxy.close;
    session = await launchFirefox({ proxyPort: proxy.port, prefs: { 'dom.webgpu.enabled': true } });
  }, 60_000);

  afterEach(() => {
    expect(session?.extensionErrors() ?? []).toEqual([]);
  });

  afterAll(async () => {
    await session?.close();
    await closeProxy?.();
  });

  it('asks navigator.gpu for an adapter, and reports what it found', async () => {
    const offered = await session.home.evaluate(async () => {
      const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
      if (!gpu) return 'no webgpu';
      return (await gpu.requestAdapter().catch(() => null)) ? 'adapter' : 'no adapter';
    });
    expect(offered).not.toBe('no webgpu');
    const options = await session.openPage('options.html');
    await options.bringToFront();
    const local = 'input[name="backend-kind"]:not([data-testid="backend-provider"])';
    await options.waitForSelector(local);
    await options.click(local);
    const status = await options.waitForSelector('[data-testid="webgpu-status"]', { timeout: 20_000 });
    const text = await status?.evaluate((element) => element.textContent ?? '');
    expect(text).toMatch(offered === 'adapter' ? /WebGPU available/ : /no graphics adapter/);
    await session.screenshot(options, 'firefox-options-webgpu-on');
  });
});
