import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExtensionSession } from './harness/extension';
import {
  JORDAN_HOST as HOST,
  JORDAN_SEARCH_URL,
  type JordanScenario,
  startJordanScenario,
} from './harness/jordan-scenario';

/** What the extension has stored in storage.local and IndexedDB: nothing may be half-written. */
async function storedState(session: ExtensionSession) {
  const panel = await session.openPage('sidepanel.html');
  const state = await panel.evaluate(async () => {
    const chromeApi = globalThis as unknown as {
      chrome: { storage: { local: { get(): Promise<Record<string, unknown>> } } };
    };
    const local = await chromeApi.chrome.storage.local.get();
    const checks = await new Promise<number>((resolve) => {
      const opening = indexedDB.open('factcheck-history');
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains('checks')) return resolve(0);
        const count = db.transaction('checks').objectStore('checks').count();
        count.onsuccess = () => resolve(count.result);
      };
      opening.onerror = () => resolve(-1);
    });
    return { keys: Object.keys(local).sort(), checks };
  });
  await panel.close();
  return state;
}

describe('lifecycle: runs outlive the panel and the worker; a stopped engine ends them visibly', () => {
  let scenario: JordanScenario;
  let session: ExtensionSession;

  beforeEach(async () => {
    scenario = await startJordanScenario({ delayMs: 700 });
    session = scenario.session;
  });

  afterEach(async () => {
    await scenario?.close();
  });

  async function startCheck() {
    const results = await session.context.newPage();
    await results.goto(JORDAN_SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('check').click();
    await panel.getByTestId('progress').waitFor();
    return { tabId, panel };
  }

  it('a run goes on while the side panel is closed, and the reopened panel shows it', async () => {
    const { tabId, panel } = await startCheck();
    await panel.close();
    const reopened = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await expect.poll(() => reopened.getByTestId('answer').textContent(), { timeout: 30_000 }).toBe('1963');
    await reopened.getByTestId('conflict').waitFor();
  });

  it('a second check started while one runs replaces it, and the first leaves no trace', async () => {
    const { tabId, panel } = await startCheck();
    const second = await panel.evaluate(async (id) => {
      const chromeApi = globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } };
      return chromeApi.chrome.runtime.sendMessage({ type: 'start-run', tabId: id });
    }, tabId);
    const secondRunId = (second as { value: { runId: string } }).value.runId;
    await expect.poll(() => panel.getByTestId('answer').textContent(), { timeout: 30_000 }).toBe('1963');
    // Neither the panel nor the stored snapshot shows the first run's cancellation.
    expect(await panel.getByTestId('error').count()).toBe(0);
    const stored = () =>
      session.worker.evaluate(async (id) => {
        const chromeApi = globalThis as unknown as {
          chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } };
        };
        const snapshot = (await chromeApi.chrome.storage.session.get(`run:${id}`))[`run:${id}`];
        return snapshot as { runId: string; status: string };
      }, tabId);
    // The snapshot is written after the trust update that follows the answer.
    await expect.poll(async () => (await stored()).status, { timeout: 10_000 }).toBe('done');
    expect((await stored()).runId).toBe(secondRunId);
  });

  it('a worker stopped in the middle of a run does not stop it: the engine has its own document', async () => {
    const before = await storedState(session);
    const { panel } = await startCheck();
    const cdp = await session.context.newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');

    // The panel's port went with the worker; it reconnects, the worker wakes, the run is still there.
    await expect.poll(() => panel.getByTestId('answer').textContent(), { timeout: 30_000 }).toBe('1963');
    expect(await panel.getByTestId('error').count()).toBe(0);
    await expect.poll(async () => (await storedState(session)).checks, { timeout: 10_000 }).toBe(before.checks + 1);
  });

  it('an engine stopped in the middle of a run ends it visibly failed, with nothing half-written', async () => {
    const before = await storedState(session);
    const { panel } = await startCheck();
    await session.worker.evaluate(async () => {
      const chromeApi = globalThis as unknown as { chrome: { offscreen: { closeDocument(): Promise<void> } } };
      await chromeApi.chrome.offscreen.closeDocument();
    });

    await panel.getByTestId('error').waitFor({ timeout: 15_000 });
    expect(await panel.getByTestId('error').textContent()).toContain('interrupted');
    expect(await panel.getByTestId('retry').isVisible()).toBe(true);
    await session.screenshot(panel, 'lifecycle-interrupted');

    // Neither the trust store nor the history got a piece of the cut-off run.
    const after = await storedState(session);
    expect(after.checks).toBe(before.checks);
    expect(after.keys.filter((key) => key.startsWith('trust'))).toEqual(
      before.keys.filter((key) => key.startsWith('trust')),
    );

    // Retry starts the engine again and runs the check to the end.
    await panel.getByTestId('retry').click();
    await expect.poll(() => panel.getByTestId('answer').textContent(), { timeout: 30_000 }).toBe('1963');
    await expect.poll(async () => (await storedState(session)).checks, { timeout: 10_000 }).toBe(before.checks + 1);
  });
});
