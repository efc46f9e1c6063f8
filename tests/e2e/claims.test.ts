import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '@/lib/core/verdict';
import type { ChatRequest } from '@/lib/llm/chat-model';
import { claimReaderRules } from '../unit/helpers/claim-reader';
import { blocks, promptSources, taskOf } from '../unit/helpers/scripted-model';
import { readerRules } from '../unit/pipeline/builders';
import { claimBadgesViaDevtools } from './harness/closed-badges';
import { type ExtensionSession, launchExtension, ROOT } from './harness/extension';
import { startHttpServer } from './harness/http-server';
import { fixtureRoute, htmlRoute, type Route, startHttpsServer } from './harness/https-server';
import { evaluateInContentScript } from './harness/isolated-world';
import { type ChatCompletionRequest, openAiCompatibleRoute, type RecordedRequest } from './harness/model-server';
import { pointAtLocalServer, writeSettings } from './harness/settings';

const FIXTURE = join(ROOT, 'tests/fixtures/serp/google/google-2025-02-ai-overview-cancer-deaths.html');
const HOST = 'www.google.com';
const SEARCH_URL = `https://${HOST}/search?q=cancer+deaths+per+year+in+the+usa`;

/**
 * How the scripted model reads this page's results for each claim: the claim it is about, the words
 * in a snippet that decide it (copied from the snippet by the regular expression), and the stance.
 * One claim is contradicted by two results (cdc.gov and seer.cancer.gov, made trusted below), one is
 * supported only by usafacts.org (made distrusted), one by cancer.org (neutral: the review target).
 */
const KEY = [
  { claim: /183 deaths per 100,000/, quote: /The death rate was 146\.0 per 100,000/, stance: 'contradicts' },
  { claim: /183 deaths per 100,000/, quote: /decreased at a faster rate to 146\.2 in 2019/, stance: 'contradicts' },
  { claim: /609,360 cancer deaths/, quote: /609,360 cancer deaths/, stance: 'supports' },
  { claim: /death rate has been declining/, quote: /a 27\.5% decline/, stance: 'supports' },
] as const;

/** The default check's own tasks: the careful reader of the unit tests, who knows these numbers. */
const OTHER_TASKS = readerRules({ candidates: ['611,720', '609,360', '608,570', '608,371'] });

function respond(chat: ChatCompletionRequest): string {
  const request = { messages: chat.messages } as ChatRequest;
  const task = taskOf(request);
  if (task === 'claims') return JSON.stringify(claimReaderRules().claims?.(request));
  if (task !== 'claim-evidence') {
    const rule = OTHER_TASKS[task];
    if (!rule) throw new Error(`unexpected task ${task}`);
    return JSON.stringify(rule(request));
  }
  const claims = [...(blocks(request, 'claims')[0]?.body ?? '').matchAll(/^(\d+)\. (.*)$/gm)];
  const readings = claims.flatMap(([, number, text]) =>
    promptSources(request).flatMap((source) =>
      KEY.flatMap((entry) => {
        const quote = entry.claim.test(text ?? '') ? entry.quote.exec(source.text)?.[0] : undefined;
        return quote ? [{ claim: Number(number), source: Number(source.id), stance: entry.stance, quote }] : [];
      }),
    ),
  );
  // Prose around the JSON, as small models write it: the tolerant reader has to find it.
  return `Here are the readings:\n${JSON.stringify({ readings })}`;
}

const send = (page: Page, message: unknown) =>
  page.evaluate(
    (body) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(body),
    message,
  );

async function reliabilityOf(page: Page, domain: string): Promise<number> {
  const reply = (await send(page, { type: 'get-trust', domains: [domain] })) as {
    value: Record<string, { reliability: number }>;
  };
  return reply.value[domain]?.reliability ?? Number.NaN;
}

/** Chat requests from this one on (counted from 0) are answered only after `hold.ms`: a slow model. */
const hold = { from: Number.POSITIVE_INFINITY, ms: 0, seen: 0 };

function heldRoute(inner: Route): Route {
  return (request, response) => {
    if (!(request.url ?? '').endsWith('/chat/completions')) return inner(request, response);
    const at = hold.seen++;
    if (at < hold.from || hold.ms === 0) return inner(request, response);
    setTimeout(() => inner(request, response) || response.writeHead(404).end(), hold.ms);
    return true;
  };
}

/**
 * Everything a script of the results page can read about the marks, from the page's own world:
 * the highlight registry, the stylesheets, the computed highlight styles, the badge hosts, and
 * what the page's find() matches.
 */
function whatThePageSees(page: Page) {
  return page.evaluate(() => {
    const names = [...CSS.highlights.keys()];
    const ranges = names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])].map((range) => ({ name, range })));
    const sentences = ranges.map(({ range }) => (range as Range).toString().replace(/\s+/g, ' ').trim());
    // Sheets of another origin cannot be read by the page either.
    const rulesOf = (sheet: CSSStyleSheet) => {
      try {
        return [...sheet.cssRules].map((rule) => rule.cssText);
      } catch {
        return [];
      }
    };
    const rules = [...document.adoptedStyleSheets, ...document.styleSheets]
      .flatMap(rulesOf)
      .filter((text) => text.includes('::highlight('));
    const highlightStyles = ranges.map(({ name, range }) => {
      const element = (range as Range).startContainer.parentElement;
      if (!element) return '';
      const style = getComputedStyle(element, `::highlight(${name})`);
      return [style.backgroundColor, style.color, style.textDecorationLine, style.textDecorationColor].join(' ');
    });
    const hosts = [...document.querySelectorAll<HTMLElement>('factcheck-badge[data-factcheck-claim]')];
    const hidden = hosts.filter((host) => getComputedStyle(host).display === 'none').length;
    const badges = hosts
      .filter((host) => getComputedStyle(host).display !== 'none')
      .map((host) => {
        const box = host.getBoundingClientRect();
        const style = getComputedStyle(host);
        return JSON.stringify({
          attributes: [...host.attributes].map((item) =>
            item.name === 'style' ? item.value.replace(/(left|top):[^;]*;?/g, '') : `${item.name}=${item.value}`,
          ),
          shadowRoot: host.shadowRoot === null ? null : 'open',
          text: host.textContent,
          html: host.innerHTML,
          size: [box.width, box.height],
          look: [style.display, style.color, style.backgroundColor, style.width, style.height],
        });
      });
    const pageFind = (
      window as unknown as { find(word: string, caseSensitive: boolean, backwards: boolean, wrap: boolean): boolean }
    ).find;
    const found = Object.fromEntries(
      [
        'AI Overview',
        '✓',
        '✕',
        'Contradicted',
        'Supported',
        'Disputed',
        'Not in the results',
        'Fact check',
        'low-trust',
      ].map((word) => {
        const hit = pageFind.call(window, word, true, false, true);
        getSelection()?.removeAllRanges();
        return [word, hit];
      }),
    );
    return { names, sentences, rules, highlightStyles, badges, hidden, found };
  });
}

/** Where the badge of each highlighted sentence belongs (document coordinates), read from the page. */
function sentenceEnds(page: Page) {
  return page.evaluate(() =>
    [...CSS.highlights.values()].flatMap((highlight) =>
      [...highlight].map((item) => {
        const range = item as Range;
        const rects = range.getClientRects();
        const last = rects[rects.length - 1];
        return {
          text: range.toString().replace(/\s+/g, ' ').trim(),
          left: last ? Math.round(last.right + window.scrollX) : Number.NaN,
          top: last ? Math.round(last.top + window.scrollY - 7) : Number.NaN,
        };
      }),
    ),
  );
}

async function startScenario(serpPage: Route = fixtureRoute(HOST, '/search', FIXTURE)) {
  const serp = await startHttpsServer([HOST], [serpPage]);
  const model = await startHttpServer([
    heldRoute(openAiCompatibleRoute({ host: '127.0.0.1', respond, log: modelRequests })),
  ]);
  const session = await launchExtension({ hosts: [HOST], port: serp.port });
  await pointAtLocalServer(session, model.port);
  return {
    session,
    modelBaseUrl: `http://127.0.0.1:${model.port}/v1`,
    async close() {
      await session.close();
      await serp.close();
      await model.close();
    },
  };
}

const modelRequests: RecordedRequest[] = [];

/** Opens the results page and its panel, sets the sites' trust, and runs "Check the AI answer". */
async function checkAnswer(
  session: ExtensionSession,
  beforeCheck?: (results: Page) => Promise<void>,
  button: 'check-claims' | 'check' = 'check-claims',
) {
  const results = await session.context.newPage();
  await results.setViewportSize({ width: 1100, height: 900 });
  await results.goto(SEARCH_URL);
  const tabId = await session.tabIdOf(`https://${HOST}/search`);
  await beforeCheck?.(results);
  const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: 420, height: 1400 });
  for (const domain of ['cdc.gov', 'cancer.gov']) {
    await send(panel, { type: 'set-override', domain, override: { kind: 'trusted' } });
  }
  await send(panel, { type: 'set-override', domain: 'usafacts.org', override: { kind: 'distrusted' } });
  await panel.getByTestId(button).click();
  return { results, panel };
}

describe('the engine’s AI Overview, claim by claim, in Chromium', () => {
  let session: ExtensionSession;
  let close: () => Promise<void>;
  let modelBaseUrl = '';

  beforeAll(async () => {
    const scenario = await startScenario();
    session = scenario.session;
    modelBaseUrl = scenario.modelBaseUrl;
    close = scenario.close;
  });

  afterAll(async () => {
    await close?.();
  });

  it('shows each claim’s outcome and evidence, marks the sentences on the page, and a review changes trust', async () => {
    // The model answers every evidence call after the first one slowly: the first batch's marks must
    // reach the page while the rest is still being read.
    hold.from = hold.seen + 2;
    hold.ms = 4_000;
    const { results, panel } = await checkAnswer(session);
    const claim = (text: string) => panel.locator('[data-testid="claim"]', { hasText: text });
    await expect
      .poll(async () => (await whatThePageSees(results)).sentences.length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await panel.locator('[data-testid="claim"][data-outcome="pending"]').count()).toBeGreaterThan(0);
    await results.locator('text=AI Overview').first().scrollIntoViewIfNeeded();
    await session.screenshot(results, 'claims-serp-marks-streaming', { viewportOnly: true });
    hold.ms = 0;
    await expect.poll(() => panel.getByTestId('claim').count(), { timeout: 30_000 }).toBe(6);
    await expect
      .poll(() => claim('183 deaths per 100,000').getAttribute('data-outcome'), { timeout: 30_000 })
      .toBe('contradicted');
    await expect
      .poll(() => claim('609,360 cancer deaths').getAttribute('data-outcome'), { timeout: 30_000 })
      .toBe('supported');
    await expect
      .poll(() => claim('death rate has been declining').getAttribute('data-outcome'), { timeout: 30_000 })
      .toBe('supported');
    expect(await claim('death rate has been declining').getByTestId('claim-outcome').textContent()).toContain(
      'low-trust sites only',
    );
    await expect.poll(() => claim('Lung cancer').getAttribute('data-outcome'), { timeout: 30_000 }).toBe('not-found');
    await expect.poll(() => panel.locator('[data-testid="claim"][data-outcome="pending"]').count()).toBe(0);
    expect(modelRequests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(1 + 3);
    modelRequests.length = 0;

    // The contradicted claim opens to its evidence: the two trusted sites and their words.
    const rate = claim('183 deaths per 100,000');
    await rate.locator('summary').click();
    const evidence = rate.getByTestId('claim-evidence');
    expect(await evidence.count()).toBe(2);
    expect(await evidence.evaluateAll((items) => items.map((item) => item.getAttribute('data-domain')))).toEqual([
      'cdc.gov',
      'cancer.gov',
    ]);
    expect(await rate.textContent()).toContain('The death rate was 146.0 per 100,000');
    expect(await rate.getByTestId('evidence-trust').first().textContent()).toBe('trust 100%');
    // In the engine's text as shown, the sentence carries the mark.
    const marks = panel.getByTestId('claim-mark');
    expect(await marks.filter({ hasText: '183 deaths per 100,000' }).getAttribute('data-outcome')).toBe('contradicted');
    await session.screenshot(panel, 'claims-panel');

    // The results page: the checked sentences highlighted in the AI Overview itself, each with its
    // outcome's badge at its end (read the way the person's browser shows it, closed shadow roots included).
    await expect.poll(async () => (await whatThePageSees(results)).sentences.length, { timeout: 10_000 }).toBe(5);
    await expect.poll(async () => (await claimBadgesViaDevtools(session.context, results)).length).toBe(5);
    const ends = await sentenceEnds(results);
    const badges = await claimBadgesViaDevtools(session.context, results);
    const byOutcome = Object.fromEntries(
      ends.map((end) => [
        end.text,
        badges.find((badge) => Math.abs(badge.left - end.left) <= 1 && Math.abs(badge.top - end.top) <= 1)?.outcome,
      ]),
    );
    expect(byOutcome).toMatchObject({
      'This represents approximately 183 deaths per 100,000 people.': 'contradicted',
      'According to the American Cancer Society, in 2022, there were an estimated 609,360 cancer deaths in the United States.':
        'supported',
    });
    expect(badges.filter((badge) => badge.label.startsWith('Fact check: Contradicted'))).toHaveLength(1);
    expect(badges.filter((badge) => badge.shown)).toHaveLength(5);

    // What the page's own scripts can read: which sentences were checked, nothing of their outcomes.
    const seen = await whatThePageSees(results);
    expect(seen.names).toHaveLength(1);
    expect(seen.names[0]).toMatch(/^h[a-z0-9]+$/);
    expect(seen.sentences).toContain('This represents approximately 183 deaths per 100,000 people.');
    expect(seen.rules).toHaveLength(1);
    expect(seen.rules[0]).not.toMatch(/support|contradict|disput|found|trust/i);
    expect(seen.highlightStyles).toHaveLength(5);
    expect(new Set(seen.highlightStyles).size).toBe(1);
    // Every badge shown looks the same to the page (a hidden one would say only that its sentence's end is clipped).
    expect([seen.badges.length, seen.hidden]).toEqual([5, 0]);
    expect(new Set(seen.badges).size).toBe(1);
    expect(JSON.parse(seen.badges[0] ?? '{}')).toMatchObject({ shadowRoot: null, text: '', html: '' });
    expect(seen.found).toEqual({
      'AI Overview': true,
      '✓': false,
      '✕': false,
      Contradicted: false,
      Supported: false,
      Disputed: false,
      'Not in the results': false,
      'Fact check': false,
      'low-trust': false,
    });
    await results.locator('text=AI Overview').first().scrollIntoViewIfNeeded();
    await session.screenshot(results, 'claims-serp-marks', { viewportOnly: true });

    // A narrower window reflows the overview: each badge follows its sentence's new end.
    await results.setViewportSize({ width: 760, height: 900 });
    await expect
      .poll(async () => {
        const now = await claimBadgesViaDevtools(session.context, results);
        const moved = await sentenceEnds(results);
        const beside = moved.every((end) =>
          now.some((badge) => Math.abs(badge.left - end.left) <= 1 && Math.abs(badge.top - end.top) <= 1),
        );
        const reflowed = moved.some((end, at) => end.left !== ends[at]?.left || end.top !== ends[at]?.top);
        return beside && reflowed;
      })
      .toBe(true);
    await session.screenshot(results, 'claims-serp-marks-narrow', { viewportOnly: true });
    await results.setViewportSize({ width: 1100, height: 900 });

    // A review: the person says the cancer.org-backed claim is wrong; cancer.org's learned trust falls.
    const before = await reliabilityOf(panel, 'cancer.org');
    const deaths = claim('609,360 cancer deaths');
    await deaths.locator('summary').click();
    await deaths.locator('[data-testid$="-wrong"]').click();
    await expect
      .poll(() => deaths.getByTestId('claim-review-result').textContent())
      .toBe('You marked this claim wrong.');
    await expect.poll(() => reliabilityOf(panel, 'cancer.org')).toBeLessThan(before);

    // To review: the contradicted claim and the one only low-trust sites back wait there (the reviewed
    // one does not), and the check leaves the queue once both are reviewed.
    await panel.getByTestId('nav-review').click();
    const queued = panel.getByTestId('review-queue').getByTestId('history-item');
    await expect.poll(() => queued.count()).toBe(1);
    expect(await queued.textContent()).toContain('2 claims of the engine’s answer to review');
    await session.screenshot(panel, 'claims-review-queue');
    await queued.click();
    const reopened = panel.getByTestId('reopened-check');
    for (const [text, choice] of [
      ['183 deaths per 100,000', 'wrong'],
      ['death rate has been declining', 'right'],
    ] as const) {
      const item = reopened.locator('[data-testid="claim"]', { hasText: text });
      await item.locator('summary').click();
      await item.locator(`[data-testid$="-${choice}"]`).click();
      await expect
        .poll(() => item.getByTestId('claim-review-result').textContent())
        .toBe(`You marked this claim ${choice}.`);
    }
    await panel.getByTestId('nav-review').click();
    await panel.getByTestId('review-queue').getByText('Nothing to review.').waitFor();
  });

  it('runs within the default check, sums up the box on the answer card, and goes into the history', async () => {
    const { panel } = await checkAnswer(session, undefined, 'check');
    await expect
      .poll(() => panel.locator('[data-testid="claim"][data-outcome="contradicted"]').count(), { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(() => panel.getByTestId('answer-box-check').textContent(), { timeout: 30_000 })
      .toContain('The engine’s own answer: contradicted.');
    expect(await panel.getByTestId('answer-box-check').textContent()).toContain('Of 6 claims in the ai overview');
    await expect.poll(() => panel.getByTestId('answer').textContent(), { timeout: 30_000 }).not.toBe('');
    await session.screenshot(panel, 'claims-default-check');
    await panel.getByTestId('nav-history').click();
    // The first test's "Check the AI answer" is listed by what it found, not as a refusal.
    const items = panel.getByTestId('history-item');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
    expect(await items.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('The engine’s own answer: contradicted.')]),
    );
    expect((await items.allTextContents()).join('\n')).not.toContain('do not settle this');
    await session.screenshot(panel, 'claims-history-list');
    await panel.getByTestId('history-item').first().click();
    const reopened = panel.getByTestId('reopened-check');
    await reopened.getByTestId('claim-check').waitFor();
    expect(await reopened.locator('[data-testid="claim"][data-outcome="contradicted"]').textContent()).toContain(
      '183 deaths per 100,000',
    );
  });

  it('leaves the page unmarked when the person turned marks off', async () => {
    await writeSettings(session, {
      showBadges: false,
      backend: { kind: 'provider', provider: 'openai-compatible', model: 'scripted-model', baseUrl: modelBaseUrl },
    });
    const results = await session.context.newPage();
    await results.goto(SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('check-claims').click();
    await expect
      .poll(() => panel.locator('[data-testid="claim"][data-outcome="contradicted"]').count(), { timeout: 30_000 })
      .toBe(1);
    // The check is stored and shown in the panel; the page gets neither highlights nor badges.
    await expect.poll(() => panel.getByTestId('claim-review-' + 'k1' + '-right').count()).toBe(1);
    expect(await results.evaluate(() => CSS.highlights.size)).toBe(0);
    expect(await results.locator('factcheck-badge').count()).toBe(0);
  });
});

describe('in-page marks without the Highlight API', () => {
  it('puts a closed-shadow-root badge at the end of each checked sentence instead', async () => {
    const scenario = await startScenario();
    try {
      // A browser without the API (Chromium 156 has no switch to turn it off): the content script's world loses it.
      const { results, panel } = await checkAnswer(scenario.session, (page) =>
        evaluateInContentScript(
          scenario.session.context,
          page,
          scenario.session.extensionId,
          'globalThis.Highlight = undefined; true',
        ),
      );
      await expect
        .poll(() => panel.locator('[data-testid="claim"][data-outcome="contradicted"]').count(), { timeout: 30_000 })
        .toBe(1);
      expect(await results.evaluate(() => CSS.highlights.size)).toBe(0);
      const badges = () => claimBadgesViaDevtools(scenario.session.context, results);
      await expect.poll(async () => (await badges()).length, { timeout: 10_000 }).toBe(5);
      const contradicted = (await badges()).filter((badge) => badge.label.startsWith('Fact check: Contradicted'));
      expect(contradicted.map((badge) => badge.outcome)).toEqual(['contradicted']);
      // Beside the contradicted sentence: the badge's box starts where that sentence's last line ends.
      const word = await results.evaluate(() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.nodeValue?.indexOf('100,000 people') ?? -1;
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + '100,000 people'.length);
          const box = range.getBoundingClientRect();
          if (box.width === 0) continue;
          return { right: box.right + window.scrollX, top: box.top + window.scrollY };
        }
        return null;
      });
      const badge = contradicted[0];
      expect(word).not.toBeNull();
      expect(badge && word && Math.abs(badge.top + 7 - word.top) < 12).toBe(true);
      expect(badge && word && badge.left >= word.right - 2 && badge.left - word.right < 20).toBe(true);
      // The page's scripts see five identical hosts and no words.
      const seen = await whatThePageSees(results);
      expect([seen.badges.length, seen.hidden]).toEqual([5, 0]);
      expect(new Set(seen.badges)).toEqual(new Set([seen.badges[0]]));
      expect(seen.found['Fact check']).toBe(false);
      await results.locator('text=AI Overview').first().scrollIntoViewIfNeeded();
      await scenario.session.screenshot(results, 'claims-serp-fallback-badges', { viewportOnly: true });
    } finally {
      await scenario.close();
    }
  });
});

/** The same page with its AI Overview held back until the test shows it, the way Google streams it in later. */
const LATE_OVERVIEW = `<script>(() => {
  const box = document.getElementById('eKIzJc');
  const parent = box?.parentNode;
  if (!box || !parent) return;
  const next = box.nextSibling;
  box.remove();
  addEventListener('show-overview', () => parent.insertBefore(box, next), { once: true });
})();</script>`;
const lateOverviewPage = () => readFileSync(FIXTURE, 'utf8').replace(/<\/body>/i, `${LATE_OVERVIEW}</body>`);

interface RunReply {
  value: {
    runId: string;
    status: string;
    events: { type: string; verdict?: Verdict }[];
  };
}

/** The check as the history keeps it, read the way the panel reads it (IndexedDB of the extension). */
function historyVerdict(panel: Page, checkId: string) {
  return panel.evaluate(
    (id) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('factcheck-history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('checks').objectStore('checks').get(id);
          get.onsuccess = () => resolve((get.result as { verdict?: unknown } | undefined)?.verdict);
          get.onerror = () => reject(get.error);
        };
      }),
    checkId,
  ) as Promise<Verdict | undefined>;
}

describe('an AI Overview that streams in after the automatic check started', () => {
  it('is checked claim by claim and added to the check, under its verdict, in the history and on the page', async () => {
    const scenario = await startScenario(htmlRoute(HOST, '/search', lateOverviewPage));
    try {
      await writeSettings(scenario.session, {
        trigger: 'automatic',
        backend: {
          kind: 'provider',
          provider: 'openai-compatible',
          model: 'scripted-model',
          baseUrl: scenario.modelBaseUrl,
        },
      });
      const results = await scenario.session.context.newPage();
      await results.setViewportSize({ width: 1100, height: 900 });
      await results.goto(SEARCH_URL);
      const tabId = await scenario.session.tabIdOf(`https://${HOST}/search`);
      const panel = await scenario.session.openPage(`sidepanel.html?tabId=${tabId}`);
      await panel.setViewportSize({ width: 420, height: 1400 });
      const run = async () => ((await send(panel, { type: 'get-run', tabId })) as RunReply).value;
      const finals = async () => (await run()).events.filter((event) => event.type === 'final');
      // Nobody pressed anything: the check ran on the page as first read, without the overview.
      await expect.poll(async () => (await finals()).length, { timeout: 40_000 }).toBe(1);
      const first = (await finals())[0]?.verdict;
      expect(first?.claimCheck).toBeUndefined();
      expect(await panel.getByTestId('claim').count()).toBe(0);
      // The person settles one of its conflicts before the overview arrives.
      const { runId } = await run();
      const conflictId = first?.conflicts[0]?.id ?? '';
      expect(conflictId).not.toBe('');
      expect(await send(panel, { type: 'review-conflict', checkId: runId, conflictId, choice: 'a' })).toMatchObject({
        ok: true,
      });

      await results.evaluate(() => dispatchEvent(new Event('show-overview')));
      await expect.poll(() => panel.getByTestId('claim').count(), { timeout: 40_000 }).toBe(6);
      await expect
        .poll(() => panel.locator('[data-testid="claim"][data-outcome="pending"]').count(), { timeout: 30_000 })
        .toBe(0);
      await expect
        .poll(() => panel.getByTestId('answer-box-check').textContent(), { timeout: 30_000 })
        .toContain('The engine’s own answer');
      expect(await panel.getByTestId('answer').textContent()).not.toBe('');
      await scenario.session.screenshot(panel, 'claims-late-overview-panel');

      // One run: the check's verdict, then the same verdict with the overview's claims (and the review).
      await expect.poll(async () => (await finals()).length, { timeout: 10_000 }).toBe(2);
      expect((await run()).runId).toBe(runId);
      const added = (await finals())[1]?.verdict;
      expect(added?.finalAnswer).toBe(first?.finalAnswer);
      expect(added?.answers).toEqual(first?.answers);
      expect(added?.claimCheck?.claims).toHaveLength(6);
      expect(added?.conflicts.find((conflict) => conflict.id === conflictId)?.review?.choice).toBe('a');
      const kept = await historyVerdict(panel, runId);
      expect(kept?.claimCheck?.claims).toHaveLength(6);
      expect(kept?.conflicts.find((conflict) => conflict.id === conflictId)?.review?.choice).toBe('a');
      // The results page marks the overview's judged sentences.
      await expect
        .poll(async () => (await whatThePageSees(results)).sentences.length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      await results.locator('text=AI Overview').first().scrollIntoViewIfNeeded();
      await scenario.session.screenshot(results, 'claims-late-overview-serp', { viewportOnly: true });
    } finally {
      await scenario.close();
    }
  });
});
