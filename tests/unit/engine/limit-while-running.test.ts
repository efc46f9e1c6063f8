import { describe, expect, it } from 'vitest';
import { FactCheckError } from '@/lib/core/errors';
import { engineContext } from '@/lib/engine/context';
import { createRunHost } from '@/lib/engine/runs';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { RunPortOutbound } from '@/lib/messaging/requests/run';
import { memoryArea } from '@/lib/storage/area';
import { captureStateKey, runSnapshotKey } from '@/lib/storage/session-keys';
import { fakeServices, noLocalModel } from '../helpers/engine-services';
import { portPair } from '../helpers/port-pair';

const TAB = 4;
/** A search instance the person added: manual checks of it are rate-limited too. */
const INSTANCE_URL = 'http://localhost:8888/search?q=berlin+wall';

const showing = {
  [captureStateKey(TAB)]: {
    capture: {
      engine: 'searxng',
      query: 'When was the Berlin Wall built?',
      url: INSTANCE_URL,
      capturedAt: '2026-11-22T10:00:00.000Z',
      results: [
        {
          id: 'r1',
          rank: 1,
          url: 'https://en.wikipedia.org/wiki/Berlin_Wall',
          domain: 'wikipedia.org',
          title: 'Berlin Wall',
          snippet: 'Built in 1961.',
        },
      ],
      extraction: 'selectors',
    },
    failure: null,
  },
};

/** A run host whose runs stay live until released (the settings read waits, as a slow model would). */
function heldRuns() {
  const session = memoryArea(showing);
  const { services } = fakeServices({ session });
  const context = engineContext(services, createModelHost(noLocalModel));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const settings = { ...context.settings, get: () => held.then(() => context.settings.get()) };
  const host = createRunHost({ ...context, settings }, async () => undefined);
  return { host, session, release };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a check over the limit while another runs in the tab', () => {
  it('is refused to the one who asked, without replacing the running check in the panel or in storage', async () => {
    const { host, session, release } = heldRuns();
    const [page, enginePort] = portPair('run-events');
    host.watch(enginePort);
    const seen: RunPortOutbound[] = [];
    page.onMessage.addListener((message) => seen.push(message as RunPortOutbound));
    page.postMessage({ type: 'watch', tabId: TAB });
    await tick();

    await host.startRun(TAB);
    const { runId: running } = await host.startRun(TAB);
    await tick();
    seen.length = 0;

    // The third manual check of the instance within a minute, by the shortcut (the panel's button is
    // disabled while a check runs): over the limit.
    const refused = host.startRun(TAB);
    await expect(refused).rejects.toBeInstanceOf(FactCheckError);
    await expect(refused).rejects.toMatchObject({ code: 'check-limit' });
    const stored = (await session.get(runSnapshotKey(TAB)))[runSnapshotKey(TAB)] as { runId: string; status: string };
    expect(stored).toMatchObject({ runId: running, status: 'running' });
    expect(seen.filter((message) => message.type === 'snapshot')).toEqual([]);
    release();
  });
});
