import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import { createEngine, type Engine } from '@/lib/engine/engine';
import { type EngineServices, SERVICES_CHANNEL } from '@/lib/engine/services';
import { remoteServices } from '@/lib/engine/services-client';
import { serveServiceCall } from '@/lib/engine/services-server';
import { createModelHost } from '@/lib/llm/host/model-host';
import { callOn } from '@/lib/messaging/message-rpc';
import type { TabMessage } from '@/lib/messaging/tab-messages';
import type { ToolbarState } from '@/lib/runs/toolbar-state';
import { memoryArea } from '@/lib/storage/area';
import { claimReaderRules } from '../helpers/claim-reader';
import { noLocalModel } from '../helpers/engine-services';
import { portPair } from '../helpers/port-pair';
import { documentReaderRules, serveOpenAiCompatible } from '../helpers/scripted-model';

const OWN = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const PANEL = { url: 'chrome-extension://ext-id/sidepanel.html', tabId: undefined, extensionId: 'ext-id' };
const TAB = 7;
const SEARCH_URL = 'https://www.google.com/search?q=when+did+jordan+join';

const reading = {
  type: 'page-reading',
  engine: 'google',
  url: SEARCH_URL,
  reading: {
    query: 'When did Jordan join the Bulls?',
    results: [
      {
        title: 'Jordan history',
        url: 'https://www.nba.com/bulls/history',
        snippet: 'Jordan joined the Bulls in 1984.',
      },
      { title: 'Bulls', url: 'https://en.wikipedia.org/wiki/Chicago_Bulls', snippet: 'Drafted in 1984 by the Bulls.' },
      { title: 'Fake facts', url: 'https://fake-facts.net/jordan', snippet: 'Jordan joined the Bulls in 1963.' },
    ],
  },
};

interface Harness {
  engine: Engine;
  session: ReturnType<typeof memoryArea>;
  local: ReturnType<typeof memoryArea>;
  tabMessages: TabMessage[];
  /** Each state drawn on this tab's toolbar button, in order. */
  toolbar: ToolbarState[];
  recorded: { checkId: string; capture: SerpCapture; verdict: Verdict }[];
  /** Tab messages as they are sent ("tab:<type>"), for tests that also log run events here. */
  timeline: string[];
}

let server: Awaited<ReturnType<typeof serveOpenAiCompatible>>;
beforeAll(async () => {
  server = await serveOpenAiCompatible(documentReaderRules((text) => /\b(19\d\d)\b/.exec(text)?.[1]));
});
afterAll(() => server.close());

/** The engine over in-memory browser APIs: directly, or lent through messages as the service worker does. */
function harness(transport: 'direct' | 'lent', session = memoryArea(), baseUrl = server.baseUrl): Harness {
  const local = memoryArea({
    settings: {
      v: 2,
      value: { backend: { kind: 'provider', provider: 'openai-compatible', model: 'test', baseUrl } },
    },
  });
  const tabMessages: TabMessage[] = [];
  const timeline: string[] = [];
  const toolbar: ToolbarState[] = [];
  const browserApis: EngineServices = {
    showToolbarState: async (tabId, state) => {
      if (tabId === TAB) toolbar.push(state);
    },
    local,
    session,
    sendToTab: async (tabId, message) => {
      if (tabId !== TAB) return;
      tabMessages.push(message);
      timeline.push(`tab:${message.type}`);
    },
    hasHostPermission: async () => true,
    keepAlive: async () => undefined,
  };
  const services =
    transport === 'direct'
      ? browserApis
      : remoteServices(async (message) => {
          // What runtime.sendMessage does between the engine document and the worker: a JSON copy each way.
          const call = callOn(SERVICES_CHANNEL, JSON.parse(JSON.stringify(message)));
          if (!call) throw new Error('Could not establish connection. Receiving end does not exist.');
          return JSON.parse(JSON.stringify(await serveServiceCall(call.call, browserApis)));
        });
  const recorded: Harness['recorded'] = [];
  const engine = createEngine(services, createModelHost(noLocalModel), OWN, async (checkId, capture, verdict) => {
    recorded.push({ checkId, capture, verdict });
  });
  return { engine, session, local, tabMessages, toolbar, recorded, timeline };
}

async function finalVerdict(h: Harness, method: string): Promise<Verdict> {
  const [page, enginePort] = portPair('run-events');
  h.engine.watchRun(enginePort);
  const events: { type: string; event?: { type: string; verdict?: Verdict } }[] = [];
  page.onMessage.addListener((message) => {
    const item = message as (typeof events)[number];
    events.push(item);
    if (item.event) h.timeline.push(`event:${item.event.type}`);
  });
  page.postMessage({ type: 'watch', tabId: TAB });
  const started = await h.engine.pageRequest({ type: 'start-run', tabId: TAB, method }, PANEL);
  expect(started).toMatchObject({ ok: true });
  await expect
    .poll(() => events.find((message) => message.event?.type === 'final' || message.event?.type === 'error'), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const final = events.find((message) => message.event?.type === 'final')?.event?.verdict;
  if (!final) throw new Error(`the run failed: ${JSON.stringify(events.at(-1))}`);
  return final;
}

describe.each(['direct', 'lent'] as const)('the engine (browser APIs %s)', (transport) => {
  it('keeps a results page, draws its badges, runs a check and learns from it', async () => {
    const h = harness(transport);
    await h.engine.contentMessage(reading, TAB, SEARCH_URL);
    const capture = await h.engine.pageRequest({ type: 'get-capture', tabId: TAB }, PANEL);
    expect(capture).toMatchObject({ ok: true, value: { capture: { engine: 'google' }, failure: null } });
    expect(h.tabMessages[0]).toMatchObject({ type: 'show-badges' });
    expect(h.tabMessages[0]?.type === 'show-badges' && h.tabMessages[0].badges.map((badge) => badge.domain)).toEqual([
      'nba.com',
      'wikipedia.org',
      'fake-facts.net',
    ]);

    const verdict = await finalVerdict(h, 'concat');
    expect(verdict.answers).toContain('1984');
    await expect.poll(() => h.recorded.length).toBe(1);
    // The snapshot is written last, after the trust update and the history.
    await expect.poll(async () => (await h.session.get('run:7'))['run:7']).toMatchObject({ status: 'done' });
    const table = await h.engine.pageRequest({ type: 'get-trust-table' }, PANEL);
    expect(table.ok && (table.value as { domain: string }[]).map((row) => row.domain).sort()).toEqual([
      'fake-facts.net',
      'nba.com',
      'wikipedia.org',
    ]);
    expect(h.tabMessages.at(-1)).toMatchObject({ type: 'show-badges' });
    // fake-facts.net says 1963: the toolbar says the check found a disputed claim.
    expect(verdict.conflicts.length).toBeGreaterThan(0);
    await expect.poll(() => h.toolbar).toEqual(['checking', 'disputed']);
  });

  it('the toolbar follows the tab: its state again after a reload, none for a new question or a failed run', async () => {
    const h = harness(transport);
    await h.engine.contentMessage(reading, TAB, SEARCH_URL);
    expect(h.toolbar).toEqual([]);
    const checked = await finalVerdict(h, 'concat');
    await expect.poll(() => h.toolbar.at(-1)).toBe('disputed');
    await expect.poll(async () => (await h.session.get('run:7'))['run:7']).toMatchObject({ status: 'done' });
    // The same question loaded again (the browser cleared the button): the state comes back.
    await h.engine.contentMessage(reading, TAB, SEARCH_URL);
    expect(h.toolbar.at(-1)).toBe('disputed');
    // Read again with the engine's own answer streamed in: the check's stances stay on the results.
    const withAnswer = {
      ...reading,
      reading: {
        ...reading.reading,
        answerBox: { kind: 'ai-overview', text: 'Jordan joined in 1984.', sourceUrls: [] },
      },
    };
    await h.engine.contentMessage(withAnswer, TAB, SEARCH_URL);
    expect(h.toolbar.at(-1)).toBe('disputed');
    const stances = () => {
      const last = h.tabMessages.findLast((message) => message.type === 'show-badges');
      return last?.type === 'show-badges' ? last.badges.map((badge) => badge.stance) : [];
    };
    expect(stances()).toEqual(checked.sources.map((source) => source.stance));
    expect(stances()).not.toContain(null);
    // Another question in the same tab: the old state goes, and so do the stances.
    const other = { ...reading, reading: { ...reading.reading, query: 'who drafted jordan' } };
    await h.engine.contentMessage(other, TAB, SEARCH_URL);
    expect(h.toolbar.at(-1)).toBe('none');
    expect(stances()).toEqual([null, null, null]);
    // A run that fails says so.
    await h.local.set({
      settings: {
        v: 2,
        value: {
          backend: { kind: 'provider', provider: 'openai-compatible', model: 'test', baseUrl: 'http://127.0.0.1:9/v1' },
        },
      },
    });
    await h.engine.pageRequest({ type: 'start-run', tabId: TAB, method: 'concat' }, PANEL);
    await expect.poll(() => h.toolbar.at(-1), { timeout: 15_000 }).toBe('error');
  });

  it('refuses what does not come from the extension, and readings of another origin', async () => {
    const h = harness(transport);
    const forged = await h.engine.pageRequest(
      { type: 'get-capture', tabId: TAB },
      { url: SEARCH_URL, tabId: TAB, extensionId: 'ext-id' },
    );
    expect(forged).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await h.engine.contentMessage(reading, TAB, 'https://evil.example/');
    expect(await h.session.get(null)).toEqual({});
    const malformed = await h.engine.pageRequest({ type: 'start-run', tabId: 'seven' }, PANEL);
    expect(malformed).toMatchObject({ ok: false, error: { code: 'bad-input' } });
  });

  it('an engine that starts again ends runs the last one left running, and a closed tab is forgotten', async () => {
    const session = memoryArea({
      'capture:7': { capture: null, failure: 'x' },
      'run:7': { runId: 'r1', tabId: TAB, status: 'running', events: [], startedAt: 1 },
    });
    const h = harness(transport, session);
    const run = await h.engine.pageRequest({ type: 'get-run', tabId: TAB }, PANEL);
    expect(run).toMatchObject({ ok: true, value: { status: 'failed' } });
    await h.engine.tabRemoved(TAB);
    expect(await session.get(null)).toEqual({});
  });
});

describe('the engine’s answer box on the results page', () => {
  const BOX =
    'Jordan joined the Bulls in 1984. The Bulls drafted Jordan from North Carolina in 1984. Jordan joined the Bulls in 1963. Jordan retired from the Bulls in 1993.';
  const withBox = {
    ...reading,
    reading: { ...reading.reading, answerBox: { kind: 'ai-overview', text: BOX, sourceUrls: [] } },
  };
  let claimServer: Awaited<ReturnType<typeof serveOpenAiCompatible>>;
  beforeAll(async () => {
    claimServer = await serveOpenAiCompatible(claimReaderRules());
  });
  afterAll(() => claimServer.close());

  it('gets each claim’s mark as soon as the claim is judged, before the check ends', async () => {
    const h = harness('direct', memoryArea(), claimServer.baseUrl);
    await h.engine.contentMessage(withBox, TAB, SEARCH_URL);
    const verdict = await finalVerdict(h, 'claims');
    expect(verdict.claimCheck?.claims).toHaveLength(4);
    await expect.poll(() => h.timeline.filter((entry) => entry === 'tab:show-badges').length).toBe(2);
    const marks = h.tabMessages.flatMap((message) => (message.type === 'show-claim-marks' ? [message.marks] : []));
    // Two claims per call: the first batch's two marks go out while the second batch is being read,
    // long before the verdict's badges (the second show-badges) are drawn.
    expect(marks.map((sent) => sent.length)).toEqual([0, 2, 4, 4]);
    const markAt = h.timeline.flatMap((entry, at) => (entry === 'tab:show-claim-marks' ? [at] : []));
    const badgesAt = h.timeline.flatMap((entry, at) => (entry === 'tab:show-badges' ? [at] : []));
    expect(markAt[1]).toBeLessThan(badgesAt[1] ?? 0);
    expect(markAt[2]).toBeLessThan(badgesAt[1] ?? 0);
  });

  it('sends no marks when the person turned them off', async () => {
    const h = harness('direct', memoryArea(), claimServer.baseUrl);
    const settings = (await h.local.get('settings')).settings as { v: number; value: Record<string, unknown> };
    await h.local.set({ settings: { ...settings, value: { ...settings.value, showBadges: false } } });
    await h.engine.contentMessage(withBox, TAB, SEARCH_URL);
    await finalVerdict(h, 'claims');
    await expect.poll(() => h.timeline.filter((entry) => entry === 'tab:clear-badges').length).toBe(2);
    expect(h.tabMessages.filter((message) => message.type === 'show-claim-marks')).toEqual([]);
  });
});
