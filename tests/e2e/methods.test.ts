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

/** Model calls each method makes on the five-result page (MADAM: agents and an aggregator per round). */
const EXPECTED_CALLS = { norag: 1, concat: 1, astute: 2, madam: 12 } as const;

describe('each method runs alone inside the extension', () => {
  let serp: FixtureServer;
  let modelServer: FixtureServer;
  let session: ExtensionSession;
  const requests: RecordedRequest[] = [];

  beforeAll(async () => {
    serp = await startHttpsServer([HOST], [htmlRoute(HOST, '/search', () => syntheticGooglePage(QUESTION, RESULTS))]);
    modelServer = await startHttpServer([
      openAiCompatibleRoute({ host: '127.0.0.1', respond: readerResponder(JORDAN_WORLD), log: requests }),
    ]);
    session = await launchExtension({ hosts: [HOST], port: serp.port });
    await useLocalServer(session, modelServer.port);
  });

  afterAll(async () => {
    await session?.close();
    await serp?.close();
    await modelServer?.close();
  });

  it.each(
    Object.entries(EXPECTED_CALLS),
  )('%s answers 1963 with its own number of model calls', async (method, calls) => {
    const results = await session.context.newPage();
    await results.goto(`https://${HOST}/search?q=${encodeURIComponent(QUESTION)}`);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('method').selectOption(method);
    const before = requests.filter((request) => request.path.endsWith('/chat/completions')).length;
    await panel.getByTestId('check').click();
    await expect
      .poll(() => panel.getByTestId('verdict').textContent(), { timeout: 30_000 })
      .toContain(`method ${method}`);
    expect(await panel.getByTestId('answer').textContent()).toBe('1963');
    const after = requests.filter((request) => request.path.endsWith('/chat/completions')).length;
    expect(after - before).toBe(calls);
    if (method === 'madam') await session.screenshot(panel, 'method-madam', { viewportOnly: true });
    await panel.close();
    await results.close();
  });
});
