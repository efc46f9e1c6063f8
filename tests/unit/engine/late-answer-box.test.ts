import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/core/run-event';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import { createEngine } from '@/lib/engine/engine';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { RunSnapshot } from '@/lib/messaging/requests/run';
import { memoryArea } from '@/lib/storage/area';
import { fromSnapshot } from '@/lib/ui/run-view';
import { claimReaderRules } from '../helpers/claim-reader';
import { fakeServices, noLocalModel, providerSettings } from '../helpers/engine-services';
import { documentReaderRules, serveOpenAiCompatible } from '../helpers/scripted-model';

/**
 * Google's AI Overview streams in after the results: the content script reads the page again, with
 * the same question and now an answer box. The tab's check (automatic, started on the first reading)
 * never saw that box; its claims are checked and added to that check.
 */
const OWN = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const PANEL = { url: 'chrome-extension://ext-id/sidepanel.html', tabId: undefined, extensionId: 'ext-id' };
const TAB = 4;
const URL_ = 'https://www.google.com/search?q=when+did+jordan+join+the+bulls';
const QUESTION = 'When did Jordan join the Bulls?';
/** The overview gets one claim right and one wrong: the results say 1984. */
const OVERVIEW = 'Jordan joined the Bulls in 1984. Jordan first played for the Bulls in 1963.';

const reading = (query: string, answerBox?: string) => ({
  type: 'page-reading',
  engine: 'google',
  url: URL_,
  reading: {
    query,
    results: [
      {
        title: 'Jordan history',
        url: 'https://www.nba.com/bulls/history',
        snippet: 'Jordan joined the Bulls in 1984.',
      },
      {
        title: 'Chicago Bulls',
        url: 'https://en.wikipedia.org/wiki/Chicago_Bulls',
        snippet: 'Jordan joined the Bulls in 1984 and first played for the Bulls that autumn, in 1984.',
      },
    ],
    ...(answerBox ? { answerBox: { kind: 'ai-overview', text: answerBox, sourceUrls: [] } } : {}),
  },
});

let server: Awaited<ReturnType<typeof serveOpenAiCompatible>>;
beforeAll(async () => {
  server = await serveOpenAiCompatible({
    ...documentReaderRules((text) => /\b(19\d\d)\b/.exec(text)?.[1]),
    ...claimReaderRules(),
  });
});
afterAll(() => server.close());

function setup(trigger: 'automatic' | 'questions' | 'manual') {
  const fake = fakeServices({ local: providerSettings(server.baseUrl, { trigger }), session: memoryArea() });
  const recorded: { checkId: string; capture: SerpCapture; verdict: Verdict }[] = [];
  const engine = createEngine(fake.services, createModelHost(noLocalModel), OWN, async (checkId, capture, verdict) => {
    recorded.push({ checkId, capture, verdict });
  });
  const snapshot = async () => (await fake.services.session.get(`run:${TAB}`))[`run:${TAB}`] as RunSnapshot | undefined;
  const finals = async () =>
    (await snapshot())?.events.filter(
      (event): event is Extract<RunEvent, { type: 'final' }> => event.type === 'final',
    ) ?? [];
  const toolbar = () => fake.toolbar.filter(([tab]) => tab === TAB).map(([, state]) => state);
  const marks = () =>
    fake.tabMessages.flatMap(([tab, message]) => (tab === TAB && message.type === 'show-claim-marks' ? [message] : []));
  const read = (query: string, box?: string) => engine.contentMessage(reading(query, box), TAB, URL_);
  const settled = async () => {
    await expect.poll(async () => (await snapshot())?.status, { timeout: 10_000 }).not.toBe('running');
    // A check of the late box runs in the finished run's snapshot: wait until nothing is live.
    await expect
      .poll(
        async () => {
          const run = await engine.pageRequest({ type: 'get-run', tabId: TAB }, PANEL);
          return run.ok && isDeepStrictEqual(run.value, await snapshot());
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  };
  return { engine, recorded, snapshot, finals, toolbar, marks, read, settled };
}

describe('an answer box that appears after the automatic check started', () => {
  it('is checked claim by claim and added to the check: same answer, its claims, history, toolbar and marks', async () => {
    const tab = setup('automatic');
    await tab.read(QUESTION);
    await expect.poll(async () => (await tab.finals()).length, { timeout: 10_000 }).toBe(1);
    await tab.settled();
    const [first] = await tab.finals();
    if (!first) throw new Error('no verdict');
    expect(first.verdict.claimCheck).toBeUndefined();
    expect(tab.toolbar().at(-1)).toBe('consistent');

    await tab.read(QUESTION, OVERVIEW);
    await expect.poll(async () => (await tab.finals()).length, { timeout: 10_000 }).toBe(2);
    await tab.settled();
    const snapshot = await tab.snapshot();
    if (!snapshot) throw new Error('no snapshot');
    // The same run: its events go on after its verdict, the claims streaming in before the new verdict.
    expect(snapshot.runId).toBe(first.runId);
    expect(snapshot.status).toBe('done');
    const types = snapshot.events.map((event) => event.type);
    const firstFinal = types.indexOf('final');
    const after = types.slice(firstFinal + 1);
    expect(after).toContain('claim-check');
    expect(types.at(-1)).toBe('final');
    // While the claims stream in, the panel shows the check's verdict, not final (nothing to review yet).
    expect(after.indexOf('partial')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('partial')).toBeLessThan(after.indexOf('claim-check'));
    const streaming = fromSnapshot({ ...snapshot, events: snapshot.events.slice(0, -1) });
    expect(streaming.verdict).toEqual(first.verdict);
    expect(streaming.verdictFinal).toBe(false);
    expect(streaming.claimCheck?.claims).toHaveLength(2);

    const added = (await tab.finals())[1]?.verdict;
    if (!added) throw new Error('no added verdict');
    // The check's own answer stays; the engine's answer is checked beside it.
    expect(added.finalAnswer).toBe(first.verdict.finalAnswer);
    expect(added.answers).toEqual(first.verdict.answers);
    expect(added.sources).toEqual(first.verdict.sources);
    expect(added.claimCheck?.boxKind).toBe('ai-overview');
    expect(added.claimCheck?.claims.map((claim) => claim.outcome)).toEqual(['supported', 'contradicted']);
    expect(added.answerBoxCheck?.status).toBe('contradicted');
    expect(added.usage.calls).toBeGreaterThan(first.verdict.usage.calls);

    // What the panel shows: the check's verdict, with the claim check under it.
    const view = fromSnapshot(snapshot);
    expect(view.verdict?.finalAnswer).toBe(first.verdict.finalAnswer);
    expect(view.claimCheck?.claims).toHaveLength(2);
    expect(view.status).toBe('done');

    // The history keeps the check once, now with the claims; the toolbar and the page follow.
    await expect.poll(() => tab.recorded.length).toBe(2);
    expect(tab.recorded.map((entry) => entry.checkId)).toEqual([first.runId, first.runId]);
    expect(tab.recorded[1]?.verdict.claimCheck?.claims).toHaveLength(2);
    expect(tab.toolbar().at(-1)).toBe('disputed');
    expect(
      tab
        .marks()
        .at(-1)
        ?.marks.map((mark) => mark.outcome),
    ).toEqual(['supported', 'contradicted']);

    // Read once more (the overview expanded, a reload): it is not checked again.
    const calls = server.calls.length;
    await tab.read(QUESTION, OVERVIEW);
    await tab.settled();
    expect(await tab.finals()).toHaveLength(2);
    expect(server.calls.length).toBe(calls);
  });

  it('arriving while the check runs, is checked once the check is done', async () => {
    const tab = setup('automatic');
    await tab.read(QUESTION);
    await tab.read(QUESTION, OVERVIEW);
    await expect.poll(async () => (await tab.finals()).length, { timeout: 10_000 }).toBe(2);
    await tab.settled();
    const [first, added] = await tab.finals();
    expect(first?.verdict.claimCheck).toBeUndefined();
    expect(added?.verdict.finalAnswer).toBe(first?.verdict.finalAnswer);
    expect(added?.verdict.claimCheck?.claims).toHaveLength(2);
  });

  it('is left to the panel’s "Check the AI answer" when checks are manual only', async () => {
    const tab = setup('manual');
    await tab.read(QUESTION);
    const started = await tab.engine.pageRequest({ type: 'start-run', tabId: TAB, method: 'concat' }, PANEL);
    expect(started).toMatchObject({ ok: true });
    await expect.poll(async () => (await tab.finals()).length, { timeout: 10_000 }).toBe(1);
    await tab.settled();
    const calls = server.calls.length;
    await tab.read(QUESTION, OVERVIEW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tab.settled();
    expect(await tab.finals()).toHaveLength(1);
    expect(server.calls.length).toBe(calls);
  });

  it('counts against the automatic checks’ rate limit: over it, the check stays as it was', async () => {
    const tab = setup('automatic');
    // Two automatic checks in this minute (another question, then this one) use the tab's allowance.
    await tab.read('When did Pippen join the Bulls?');
    await tab.settled();
    await tab.read(QUESTION);
    await expect.poll(async () => (await tab.finals()).length, { timeout: 10_000 }).toBe(1);
    await tab.settled();
    const before = await tab.snapshot();
    const calls = server.calls.length;
    await tab.read(QUESTION, OVERVIEW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tab.settled();
    expect(await tab.snapshot()).toEqual(before);
    expect(server.calls.length).toBe(calls);
  });
});
