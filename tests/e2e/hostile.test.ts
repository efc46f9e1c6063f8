import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest } from '@/lib/llm/chat-model';
import { documentReaderRules, taskOf } from '../unit/helpers/scripted-model';
import { type ExtensionSession, launchExtension, ROOT } from './harness/extension';
import { startHttpServer } from './harness/http-server';
import { type FixtureServer, htmlRoute, startHttpsServer } from './harness/https-server';
import { type ChatCompletionRequest, openAiCompatibleRoute } from './harness/model-server';
import { pointAtLocalServer } from './harness/settings';
import { syntheticGooglePage } from './harness/synthetic-serp';

const HOST = 'www.google.com';
const corpus = (
  JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/hostile/corpus.json'), 'utf8')) as {
    items: { id: string; title: string; snippet: string }[];
  }
).items;
const RESULTS = corpus.map((item, index) => ({
  url: `https://site${index + 1}.example/${item.id}`,
  title: item.title,
  snippet: item.snippet,
}));
const QUESTION = '<img src=x onerror="window.__hostile=1"> who is right?';

/** A model that repeats its source's text as its answer: hostile text comes back as model output too. */
const rules = documentReaderRules((text) => text.slice(0, 120) || undefined);
const echo = (chat: ChatCompletionRequest) => {
  const request = { messages: chat.messages } as ChatRequest;
  return JSON.stringify(rules[taskOf(request)]?.(request) ?? {});
};

describe('hostile titles, snippets and model output render as text', () => {
  let serp: FixtureServer;
  let modelServer: FixtureServer;
  let session: ExtensionSession;

  beforeAll(async () => {
    serp = await startHttpsServer([HOST], [htmlRoute(HOST, '/search', () => syntheticGooglePage(QUESTION, RESULTS))]);
    modelServer = await startHttpServer([openAiCompatibleRoute({ host: '127.0.0.1', respond: echo })]);
    session = await launchExtension({ hosts: [HOST], port: serp.port });
    await pointAtLocalServer(session, modelServer.port);
  });

  afterAll(async () => {
    await session?.close();
    await serp?.close();
    await modelServer?.close();
  });

  it(`runs a check over ${corpus.length} hostile results with 0 scripts executed`, async () => {
    const dialogs: string[] = [];
    session.context.on('page', (page) => page.on('dialog', (dialog) => dialogs.push(dialog.message())));
    const results = await session.context.newPage();
    results.on('dialog', (dialog) => dialogs.push(dialog.message()));
    await results.goto(`https://${HOST}/search?q=hostile`);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);

    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    panel.on('dialog', (dialog) => dialogs.push(dialog.message()));
    await panel.getByTestId('check').click();
    await panel.getByTestId('answer-card').waitFor({ timeout: 60_000 });
    await panel.getByTestId('assessed-source').first().waitFor();

    // Payloads are visible as the text they are.
    const text = (await panel.locator('body').textContent()) ?? '';
    expect(text).toContain('<script>window.__hostile');
    expect(text).toContain('onerror=');
    // Nothing ran, in the panel or in the results page (badges included).
    const ran = async (page: typeof panel) =>
      page.evaluate(() => (globalThis as { __hostile?: number }).__hostile ?? 0);
    expect(await ran(panel)).toBe(0);
    expect(await ran(results)).toBe(0);
    expect(dialogs).toEqual([]);
    // No element a payload names was created in the panel.
    expect(
      await panel
        .locator('#root script, #root iframe, #root img, #root form, #root style, #root meta, #root details')
        .count(),
    ).toBe(0);
    // The tool's own UI is not imitated: there is one answer card, and links go only to the results' URLs.
    expect(await panel.getByTestId('answer-card').count()).toBe(1);
    const hrefs = await panel
      .locator('#root a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href.startsWith('https://site') || href.startsWith('#') || href === '').toBe(true);
    await expect.poll(() => results.locator('factcheck-badge').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await ran(results)).toBe(0);
    await session.screenshot(panel, 'hostile-panel');
    await session.screenshot(panel, 'hostile-panel-top', { viewportOnly: true });
    await panel.getByTestId('assessed-source').nth(12).scrollIntoViewIfNeeded();
    await session.screenshot(panel, 'hostile-panel-sources', { viewportOnly: true });
    await session.screenshot(results, 'hostile-serp', { viewportOnly: true });
  });
});
