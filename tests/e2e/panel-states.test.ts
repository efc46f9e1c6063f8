import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/core/run-event';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import { toCheckRecord } from '@/lib/history/entry';
import type { CaptureState } from '@/lib/messaging/requests/capture';
import type { RunSnapshot } from '@/lib/messaging/requests/run';
import type { Badge } from '@/lib/messaging/tab-messages';
import { loadVerdict, sourcesFor, type VerdictFixture } from '../unit/helpers/verdicts';
import { type ExtensionSession, launchExtension, ROOT } from './harness/extension';

/**
 * The side panel's states, driven through the real background: a capture and a run snapshot are
 * written where the run host keeps them (storage.session), and the panel reads them through
 * get-capture and the run port, exactly as after a real run. Reviews go through the real handler.
 */

let session: ExtensionSession;
let nextTab = 100;

function captureFor(verdict: Verdict): SerpCapture {
  return {
    engine: 'google',
    query: verdict.question,
    url: `https://www.google.com/search?q=${encodeURIComponent(verdict.question)}`,
    capturedAt: new Date().toISOString(),
    results: sourcesFor(verdict),
    extraction: 'selectors',
  };
}

const worker = () => session.context.serviceWorkers()[0] ?? session.worker;

/** Writes a tab's capture and run where the background keeps them, and opens the panel on that tab. */
async function panelWith(capture: SerpCapture, snapshot: RunSnapshot | null): Promise<{ page: Page; tabId: number }> {
  const tabId = nextTab++;
  const state: CaptureState = { capture, failure: null };
  const items: Record<string, unknown> = { [`capture:${tabId}`]: state };
  if (snapshot) items[`run:${tabId}`] = { ...snapshot, tabId };
  await worker().evaluate(async (values) => {
    const area = (globalThis as unknown as { chrome: { storage: { session: { set(v: unknown): Promise<void> } } } })
      .chrome.storage.session;
    await area.set(values);
  }, items);
  return { page: await session.openPage(`sidepanel.html?tabId=${tabId}`), tabId };
}

function doneRun(runId: string, verdict: Verdict): RunSnapshot {
  const at = Date.now() - 9000;
  const events: RunEvent[] = [
    { runId, at, type: 'started', question: verdict.question, engine: 'google', method: 'auto' },
    { runId, at: at + 10, type: 'stage', stage: 'fast-answer', status: 'finished', ms: 1800 },
    { runId, at: at + 20, type: 'final', verdict },
  ];
  return { runId, tabId: 0, status: 'done', events };
}

/** Puts a check in the history database the way the background's Dexie table stores it. */
async function putHistory(page: Page, record: unknown) {
  await page.evaluate(async (value) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('factcheck-history');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('checks', 'readwrite');
      tx.objectStore('checks').put(value);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, record);
}

async function verdictState(name: VerdictFixture, shot: string) {
  const verdict = loadVerdict(name);
  const { page } = await panelWith(captureFor(verdict), doneRun(`run-${name}`, verdict));
  await page.getByTestId('answer-card').waitFor();
  await session.screenshot(page, `panel-${shot}`);
  return { page, verdict };
}

describe('side panel states', () => {
  beforeAll(async () => {
    session = await launchExtension();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('idle: the question, the engine and a Check button', async () => {
    const { page } = await panelWith(captureFor(loadVerdict('answered')), null);
    await page.getByTestId('idle').waitFor();
    expect(await page.getByTestId('query').textContent()).toBe('what is the capital of australia');
    expect(await page.getByTestId('check').isEnabled()).toBe(true);
    await session.screenshot(page, 'panel-idle');
  });

  it('loading: stages with timings, streamed text, the local model download with cancel', async () => {
    const verdict = loadVerdict('misinformation');
    const runId = 'run-loading';
    const now = Date.now();
    const events: RunEvent[] = [
      { runId, at: now - 6000, type: 'started', question: verdict.question, engine: 'google', method: 'auto' },
      { runId, at: now - 5900, type: 'stage', stage: 'model-load', status: 'started' },
      {
        runId,
        at: now - 2000,
        type: 'model-progress',
        progress: 0.42,
        text: 'Fetching param cache[34/82]: 420MB fetched',
      },
      { runId, at: now - 1500, type: 'stage', stage: 'fast-answer', status: 'started' },
      {
        runId,
        at: now - 500,
        type: 'token',
        stage: 'fast-answer',
        text: 'Mary Shelley wrote <b>Frankenstein</b>, first',
      },
    ];
    const { page } = await panelWith(captureFor(verdict), { runId, tabId: 0, status: 'running', events });
    await page.getByTestId('progress').waitFor();
    expect(await page.getByTestId('stage').count()).toBe(2);
    expect(await page.getByTestId('model-progress').textContent()).toContain('42%');
    expect(await page.getByTestId('stream').textContent()).toContain('Mary Shelley wrote <b>Frankenstein</b>');
    expect(await page.getByTestId('check').isDisabled()).toBe(true);
    await session.screenshot(page, 'panel-loading');
  });

  it('answered: the answer, strategy, confidence, sources with trust', async () => {
    const { page } = await verdictState('answered', 'answered');
    expect(await page.getByTestId('answer').textContent()).toBe('Canberra');
    expect(await page.getByTestId('assessed-source').count()).toBe(4);
    await expect
      .poll(() => page.getByTestId('trust-text').first().textContent())
      .toMatch(/rated \d\.\d\d by published ratings · no checks yet|new site: no evidence yet/);
  });

  it('ambiguous: each valid answer with its sources', async () => {
    const { page } = await verdictState('ambiguity', 'ambiguous');
    expect(await page.getByTestId('valid-answer').count()).toBe(2);
    expect(await page.getByTestId('conflict').getAttribute('data-kind')).toBe('ambiguity');
  });

  it('refusal: says the sources do not settle it and shows what was found', async () => {
    const { page } = await verdictState('refusal', 'refusal');
    expect(await page.getByTestId('refusal').textContent()).toContain('do not settle this');
    expect(await page.getByTestId('conflict-side').count()).toBe(2);
  });

  it('error: says what to do, with retry', async () => {
    const verdict = loadVerdict('answered');
    const runId = 'run-error';
    const at = Date.now() - 3000;
    const events: RunEvent[] = [
      { runId, at, type: 'started', question: verdict.question, engine: 'google', method: 'auto' },
      { runId, at: at + 10, type: 'stage', stage: 'model-load', status: 'started' },
      { runId, at: at + 40, type: 'stage', stage: 'model-load', status: 'finished', ms: 30 },
      { runId, at: at + 50, type: 'stage', stage: 'fast-answer', status: 'started' },
      {
        runId,
        at: at + 2050,
        type: 'error',
        error: {
          code: 'endpoint-unreachable',
          message: 'Could not reach http://127.0.0.1:11434/v1 (connection refused).',
          retryable: true,
        },
      },
    ];
    const { page } = await panelWith(captureFor(verdict), { runId, tabId: 0, status: 'failed', events });
    await page.getByTestId('error').waitFor();
    expect(await page.getByTestId('error').textContent()).toContain('local server is running');
    expect(await page.getByTestId('retry').isVisible()).toBe(true);
    await session.screenshot(page, 'panel-error');
  });

  it('conflict: review it, the verdict shows the resolution, and the site trust table counts the review', async () => {
    const verdict = loadVerdict('misinformation');
    const runId = 'run-conflict';
    const capture = captureFor(verdict);
    const { page } = await panelWith(capture, doneRun(runId, verdict));
    await page.getByTestId('conflict').waitFor();
    // Dexie has created the database by now (the panel asked for history); store the check as the run host would.
    await page.getByTestId('nav-history').click();
    await page.getByText('No checks yet.').waitFor();
    await putHistory(page, toCheckRecord(runId, capture, verdict));
    // The review queue lists the check until its conflict is reviewed.
    await page.getByTestId('nav-review').click();
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1);
    expect(await page.getByTestId('history-item').textContent()).toContain('1 conflict to review');
    await session.screenshot(page, 'panel-review-queue');
    await page.getByTestId('nav-check').click();
    await page.getByTestId('conflict').waitFor();
    expect(await page.getByTestId('conflict').getAttribute('data-kind')).toBe('misinformation');
    // Snippets and source answers carrying markup are shown as text.
    expect(await page.locator('.verdict script, .verdict img').count()).toBe(0);
    await session.screenshot(page, 'panel-conflict');

    await page.getByTestId('review-c1-a').click();
    await expect.poll(() => page.getByTestId('review-result').textContent()).toBe('You marked A as right.');
    expect(await page.getByTestId('review-c1-a').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => page.locator('[data-testid="assessed-source"]').first().getByTestId('trust-text').textContent())
      .toContain('1 review');

    // Quick action: block the site that spread the false claim.
    const culprit = page.locator('[data-testid="assessed-source"][data-stance="contradicts"]');
    await culprit.getByTestId('override-blocked').click();
    await expect.poll(() => culprit.getByTestId('trust-text').textContent()).toContain('Blocked by you');
    await session.screenshot(page, 'panel-conflict-reviewed');

    const options = await session.openPage('options.html');
    // The options page opens in a full tab.
    await options.setViewportSize({ width: 1000, height: 900 });
    const row = options.locator('[data-testid="trust-row"][data-domain="britannica.com"]');
    await row.waitFor();
    expect(await row.textContent()).toMatch(
      /rated 0\.83 by published ratings · (1 check agrees|0 of 1 check agrees) · 1 review/,
    );
    expect(
      await options
        .locator('[data-testid="trust-row"][data-domain="example.net"] [data-testid="override-select"]')
        .inputValue(),
    ).toBe('blocked');
    await session.screenshot(options, 'options-trust-table');

    // A bad import is refused with a reason and changes nothing.
    await options.getByTestId('import-trust').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"something else"}'),
    });
    await expect.poll(() => options.getByTestId('trust-error').textContent()).toContain('Nothing was imported');
    expect(await options.getByTestId('trust-row').count()).toBeGreaterThanOrEqual(5);

    await page.getByTestId('nav-review').click();
    await page.getByText('Nothing to review.').waitFor();

    // The history finds the check, and reopens it with the person's resolution.
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-search').fill('frankenstein');
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1);
    await session.screenshot(page, 'panel-history');
    await page.getByTestId('history-item').click();
    await expect.poll(() => page.getByTestId('review-result').textContent()).toBe('You marked A as right.');
  });

  it('Check starts a run in the real run host; its failure shows with guidance and a retry', async () => {
    const { page } = await panelWith(captureFor(loadVerdict('answered')), null);
    await page.getByTestId('check').click();
    await page.getByTestId('error').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('error').getAttribute('data-code')).not.toBe('internal');
    expect(await page.getByTestId('stage').count()).toBeGreaterThan(0);
    await session.screenshot(page, 'panel-error-real-run');
  });

  it('stays readable at 320 and 600 px and in dark mode', async () => {
    const { page } = await verdictState('outdated', 'outdated-420');
    for (const width of [320, 600]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await session.screenshot(page, `panel-outdated-${width}`);
    }
    await page.setViewportSize({ width: 420, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await session.screenshot(page, 'panel-outdated-dark');
  });
});

describe('result badges in a real results page', () => {
  beforeAll(async () => {
    session = await launchExtension();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('draws a badge beside each title and a contradicted mark, without moving anything', async () => {
    const bundle = await build({
      stdin: {
        contents: `import { renderBadges, clearBadges } from './entrypoints/serp.content/badges.ts';
          globalThis.__factcheckBadges = { renderBadges, clearBadges };`,
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      write: false,
    });
    const page = await session.context.newPage();
    const html = readFileSync(
      join(ROOT, 'tests/fixtures/serp/google/google-2025-02-ai-overview-cancer-deaths.html'),
      'utf8',
    );
    await page.setContent(html.replace(/<script[\s\S]*?<\/script>/gi, ''), { waitUntil: 'domcontentloaded' });
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });

    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *:not(factcheck-badge)')]
          .map((element) => {
            const box = element.getBoundingClientRect();
            return [box.x, box.y, box.width, box.height].map(Math.round).join(',');
          })
          .join(';'),
      );
    const before = await boxes();
    const drawn = await page.evaluate(() => {
      const titles = [...document.querySelectorAll('a h3')].slice(0, 3);
      const badges: Badge[] = titles.map((_title, index) => ({
        url: `u${index}`,
        domain: ['cancer.org', 'cdc.gov', 'hoax.example'][index] ?? 'x',
        trust: [0.86, null, 0.18][index] ?? null,
        evidence: [5, 0, 2][index] ?? 0,
        stance: index === 2 ? 'contradicts' : 'supports',
        blocked: false,
      }));
      const api = (
        globalThis as unknown as {
          __factcheckBadges: { renderBadges(b: Badge[], f: (url: string) => Element | undefined): void };
        }
      ).__factcheckBadges;
      // As the adapters do: the result's container, in which the badge finds the title.
      api.renderBadges(badges, (url) => titles[Number(url.slice(1))]?.closest('div') ?? undefined);
      return document.querySelectorAll('factcheck-badge').length;
    });
    expect(drawn).toBe(3);
    expect(await boxes()).toBe(before);
    await page.setViewportSize({ width: 1000, height: 800 });
    await session.screenshot(page, 'serp-badges');
    await page.evaluate(() =>
      (globalThis as unknown as { __factcheckBadges: { clearBadges(): void } }).__factcheckBadges.clearBadges(),
    );
    expect(await page.locator('factcheck-badge').count()).toBe(0);
  });
});
