import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionSession, launchExtension } from './harness/extension';

const setLocal = (session: ExtensionSession, items: Record<string, unknown>) =>
  (session.context.serviceWorkers()[0] ?? session.worker).evaluate(async (values) => {
    const chromeApi = globalThis as unknown as { chrome: { storage: { local: { set(v: unknown): Promise<void> } } } };
    await chromeApi.chrome.storage.local.set(values);
  }, items);

describe('stored data across versions and corruption', () => {
  let session: ExtensionSession;
  beforeAll(async () => {
    session = await launchExtension();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('migrates settings written by an older version', async () => {
    await setLocal(session, { settings: { v: 1, value: { autoRun: true, showBadges: false } } });
    const options = await session.openPage('options.html');
    await expect.poll(() => options.locator('input[name="trigger"][value="automatic"]').isChecked()).toBe(true);
    expect(await options.getByTestId('show-badges').isChecked()).toBe(false);
    expect(await options.getByTestId('recovered').count()).toBe(0);
    await options.close();
  });

  it('resets corrupted settings to defaults and offers the broken value for download', async () => {
    await setLocal(session, { settings: { v: 2, value: { trigger: 42, concurrency: 'many' } } });
    const options = await session.openPage('options.html');
    await options.getByTestId('recovered').waitFor();
    expect(await options.getByTestId('recovered-item').textContent()).toContain('settings');
    expect(await options.locator('input[name="trigger"][value="manual"]').isChecked()).toBe(true);
    const download = options.waitForEvent('download');
    await options.getByTestId('recovered-item').getByRole('button', { name: 'Download' }).click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(file, 'utf8')).value).toEqual({ v: 2, value: { trigger: 42, concurrency: 'many' } });
    await session.screenshot(options, 'options-recovered', { viewportOnly: true });
    await options.getByTestId('recovered-item').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => options.getByTestId('recovered').count()).toBe(0);
  });
});
