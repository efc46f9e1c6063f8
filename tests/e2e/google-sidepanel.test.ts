import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionSession, launchExtension, ROOT } from './harness/extension';
import { type FixtureServer, fixtureRoute, startHttpsServer } from './harness/https-server';

const FIXTURE = join(ROOT, 'tests/fixtures/serp/google/google-2025-02-ai-overview-cancer-deaths.html');
const HOST = 'www.google.com';
const SEARCH_URL = `https://${HOST}/search?q=cancer+deaths+per+year+in+the+usa`;

describe('Google results reach the side panel', () => {
  let server: FixtureServer;
  let session: ExtensionSession;

  beforeAll(async () => {
    server = await startHttpsServer([HOST], [fixtureRoute(HOST, '/search', FIXTURE)]);
    session = await launchExtension({ hosts: [HOST], port: server.port });
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it('captures the fixture page and lists its sources', async () => {
    const results = await session.context.newPage();
    await results.goto(SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);

    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await expect.poll(() => panel.getByTestId('source').count(), { timeout: 10_000 }).toBe(10);
    expect(await panel.getByTestId('query').textContent()).toBe('cancer deaths per year in the usa');
    const first = panel.getByTestId('source').first();
    expect(await first.locator('a').getAttribute('href')).toBe(
      'https://www.cancer.org/research/cancer-facts-statistics/all-cancer-facts-figures/cancer-facts-figures-2021.html',
    );
    expect(await first.textContent()).toContain('cancer.org');
    await session.screenshot(panel, 'google-sidepanel');
  });

  it('says plainly when the active tab is not a results page', async () => {
    const panel = await session.openPage('sidepanel.html?tabId=999999');
    await expect.poll(() => panel.getByTestId('empty').count()).toBe(1);
  });
});
