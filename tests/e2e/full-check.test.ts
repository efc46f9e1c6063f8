import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionSession } from './harness/extension';
import {
  JORDAN_HOST as HOST,
  JORDAN_SEARCH_URL,
  type JordanScenario,
  RESULTS,
  startJordanScenario,
} from './harness/jordan-scenario';

describe('a whole check in Chromium: results page → local model server → verdict → review → trust', () => {
  let scenario: JordanScenario;
  let session: ExtensionSession;

  beforeAll(async () => {
    scenario = await startJordanScenario();
    session = scenario.session;
  });

  afterAll(async () => {
    await scenario?.close();
  });

  it('checks the question, shows the conflict, takes a review, and the trust table and badges follow', async () => {
    const results = await session.context.newPage();
    await results.setViewportSize({ width: 1000, height: 800 });
    await results.goto(JORDAN_SEARCH_URL);
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
    expect(scenario.modelRequests.some((request) => request.path.endsWith('/chat/completions'))).toBe(true);
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
