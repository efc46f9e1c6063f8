import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionSession, launchExtension } from './harness/extension';
import { startHttpServer } from './harness/http-server';
import { type FixtureServer, htmlRoute, startHttpsServer } from './harness/https-server';
import { JORDAN_WORLD, QUESTION, RESULTS } from './harness/jordan-scenario';
import { openAiCompatibleRoute, type RecordedRequest } from './harness/model-server';
import { readerResponder } from './harness/scripted-responder';
import { useLocalServer } from './harness/settings';
import { syntheticGooglePage } from './harness/synthetic-serp';

const HOST = 'www.google.com';

describe('a whole check in Chromium: results page → local model server → verdict → review → trust', () => {
  let serp: FixtureServer;
  let modelServer: FixtureServer;
  let session: ExtensionSession;
  const modelRequests: RecordedRequest[] = [];

  beforeAll(async () => {
    serp = await startHttpsServer([HOST], [htmlRoute(HOST, '/search', () => syntheticGooglePage(QUESTION, RESULTS))]);
    modelServer = await startHttpServer([
      openAiCompatibleRoute({
        host: '127.0.0.1',
        respond: readerResponder(JORDAN_WORLD),
        log: modelRequests,
      }),
    ]);
    session = await launchExtension({ hosts: [HOST], port: serp.port });
    await useLocalServer(session, modelServer.port);
  });

  afterAll(async () => {
    await session?.close();
    await serp?.close();
    await modelServer?.close();
  });

  it('checks the question, shows the conflict, takes a review, and the trust table and badges follow', async () => {
    const results = await session.context.newPage();
    await results.setViewportSize({ width: 1000, height: 800 });
    await results.goto(`https://${HOST}/search?q=${encodeURIComponent(QUESTION)}`);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);

    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('check').click();
    await panel.getByTestId('answer-card').waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.getByTestId('answer').textContent(), { timeout: 30_000 }).toBe('1963');
    const conflict = panel.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.getAttribute('data-kind')).toBe('misinformation');
    const culprit = panel.locator('[data-testid="assessed-source"][data-stance="contradicts"]');
    expect(await culprit.textContent()).toContain('fake-facts.net');
    expect(modelRequests.some((request) => request.path.endsWith('/chat/completions'))).toBe(true);
    await session.screenshot(panel, 'full-check-verdict');

    // The results page marks the contradicted result.
    await expect.poll(() => results.locator('factcheck-badge').count(), { timeout: 10_000 }).toBe(RESULTS.length);
    await session.screenshot(results, 'full-check-serp-badges');

    // Review: side A (the answer the sources support) is right.
    const reviewA = panel.locator('[data-testid^="review-"][data-testid$="-a"]').first();
    await reviewA.click();
    await expect.poll(() => panel.getByTestId('review-result').textContent()).toBe('You marked A as right.');

    const options = await session.openPage('options.html');
    const fake = options.locator('[data-testid="trust-row"][data-domain="fake-facts.net"]');
    const nba = options.locator('[data-testid="trust-row"][data-domain="nba.com"]');
    await fake.waitFor();
    expect(await fake.textContent()).toContain('1 review');
    const reliability = async (row: typeof fake) =>
      Number.parseFloat((await row.getByTestId('trust-reliability').textContent()) ?? 'NaN');
    expect(await reliability(fake)).toBeLessThan(await reliability(nba));
    await session.screenshot(options, 'full-check-options-trust');
  });
});
