import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineContext } from '@/lib/engine/context';
import { createRunHost } from '@/lib/engine/runs';
import { createModelHost } from '@/lib/llm/host/model-host';
import { memoryArea, type StorageArea } from '@/lib/storage/area';
import { fakeServices, noLocalModel } from '../helpers/engine-services';
import { portPair } from '../helpers/port-pair';

/** storage.session that answers reads only when the test says so (a slow browser, a busy background). */
function heldSession(): { area: StorageArea; release(): void } {
  const inner = memoryArea();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    area: { ...inner, get: async (keys) => held.then(() => inner.get(keys)) },
    release: () => release(),
  };
}

function runHost(session: StorageArea) {
  const { services } = fakeServices({ session });
  return createRunHost(engineContext(services, createModelHost(noLocalModel)), async () => undefined);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Firefox's sidebar reconnects while the engine reads a tab's run from storage.session: the
 * snapshot then goes to a port that is gone. Posting there throws; nothing may escape as an
 * uncaught error in the background page.
 */
describe('run ports that close while the engine is reading', () => {
  const uncaught: unknown[] = [];
  const collect = (reason: unknown) => uncaught.push(reason);
  beforeEach(() => {
    uncaught.length = 0;
    process.on('unhandledRejection', collect);
  });
  afterEach(() => {
    process.off('unhandledRejection', collect);
  });

  it('drops the snapshot of a page that closed before the browser said so', async () => {
    const session = heldSession();
    const host = runHost(session.area);
    const [page, enginePort] = portPair('run-events');
    host.watch(enginePort);
    page.postMessage({ type: 'watch', tabId: 3 });
    await tick();
    // The page goes; its end of the port is closed at once, the onDisconnect event comes later.
    page.disconnect();
    session.release();
    await tick();
    await tick();
    expect(uncaught).toEqual([]);
    expect(enginePort.sent).toEqual([]);
  });

  it('drops the snapshot of a page whose disconnect was already heard', async () => {
    const session = heldSession();
    const host = runHost(session.area);
    const [page, enginePort] = portPair('run-events');
    host.watch(enginePort);
    page.postMessage({ type: 'watch', tabId: 3 });
    await tick();
    page.disconnect();
    await tick();
    session.release();
    await tick();
    await tick();
    expect(uncaught).toEqual([]);
    expect(enginePort.sent).toEqual([]);
  });

  it('sends only the tab a page follows now, not one it left while the engine was reading', async () => {
    const session = heldSession();
    const host = runHost(session.area);
    const [page, enginePort] = portPair('run-events');
    const received: unknown[] = [];
    page.onMessage.addListener((message) => received.push(message));
    host.watch(enginePort);
    page.postMessage({ type: 'watch', tabId: 3 });
    page.postMessage({ type: 'watch', tabId: 4 });
    await tick();
    session.release();
    await expect.poll(() => received.length).toBe(1);
    await tick();
    expect(received).toEqual([{ type: 'snapshot', snapshot: null }]);
    expect(uncaught).toEqual([]);
  });

  it('still answers a page that stays', async () => {
    const session = heldSession();
    const host = runHost(session.area);
    const [page, enginePort] = portPair('run-events');
    const received: unknown[] = [];
    page.onMessage.addListener((message) => received.push(message));
    host.watch(enginePort);
    page.postMessage({ type: 'watch', tabId: 3 });
    session.release();
    await expect.poll(() => received).toEqual([{ type: 'snapshot', snapshot: null }]);
  });

  it('does not follow a run that started meanwhile with the older snapshot it had read', async () => {
    // storage.session read as it was when asked, answered late: the run's key only.
    const inner = memoryArea({
      'capture:3': {
        capture: {
          engine: 'google',
          query: 'who wrote frankenstein',
          url: 'https://www.google.com/search?q=who+wrote+frankenstein',
          capturedAt: new Date().toISOString(),
          results: [],
        },
        failure: null,
      },
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const session: StorageArea = {
      ...inner,
      get: (keys) => {
        const answer = inner.get(keys);
        return keys === 'run:3' ? held.then(() => answer) : answer;
      },
    };
    const host = runHost(session);
    const [page, enginePort] = portPair('run-events');
    const received: { type: string; snapshot?: { status: string } | null }[] = [];
    page.onMessage.addListener((message) => received.push(message as (typeof received)[number]));
    host.watch(enginePort);
    page.postMessage({ type: 'watch', tabId: 3 });
    await tick();
    await host.startRun(3);
    release();
    await expect.poll(() => received.filter((message) => message.type === 'snapshot').length).toBe(2);
    // Never "no run" after the page was told a run is going.
    expect(
      received.filter((message) => message.type === 'snapshot').map((message) => message.snapshot?.status),
    ).toEqual(['running', expect.stringMatching(/running|failed/)]);
    await host.forget(3);
  });
});
