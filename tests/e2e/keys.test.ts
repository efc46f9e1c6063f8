import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionSession, launchExtension } from './harness/extension';
import { type FixtureServer, htmlRoute, type Route, startHttpsServer } from './harness/https-server';
import { evaluateInContentScript } from './harness/isolated-world';
import { JORDAN_WORLD, QUESTION, RESULTS } from './harness/jordan-scenario';
import { openAiCompatibleRoute, type RecordedRequest } from './harness/model-server';
import { readerResponder } from './harness/scripted-responder';
import { writeSettings } from './harness/settings';
import { syntheticGooglePage } from './harness/synthetic-serp';

const KEYS = { openai: 'sk-openai-SECRET-0001', anthropic: 'sk-ant-SECRET-0002', gemini: 'AIza-SECRET-0003' };

/** Records every request that reaches this machine for any other host, and answers 404. */
const catchAll =
  (log: RecordedRequest[]): Route =>
  (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      log.push({
        host: (request.headers.host ?? '').split(':')[0] ?? '',
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(404).end();
    });
    return true;
  };

describe('API keys go to their provider only', () => {
  let server: FixtureServer;
  let session: ExtensionSession;
  const log: RecordedRequest[] = [];

  beforeAll(async () => {
    server = await startHttpsServer(
      ['www.google.com', 'api.openai.com'],
      [
        (request, response) => {
          const route = htmlRoute('www.google.com', '/search', () => syntheticGooglePage(QUESTION, RESULTS));
          if (!route(request, response)) return false;
          log.push({
            host: 'www.google.com',
            method: 'GET',
            path: request.url ?? '',
            headers: request.headers,
            body: '',
          });
          return true;
        },
        openAiCompatibleRoute({
          host: 'api.openai.com',
          respond: readerResponder(JORDAN_WORLD),
          log,
          models: ['gpt-4o-mini'],
        }),
        catchAll(log),
      ],
    );
    // Every host name resolves to the recording server, so any request the browser makes is seen.
    session = await launchExtension({ hosts: ['*'], port: server.port });
    const worker = session.context.serviceWorkers()[0] ?? session.worker;
    await worker.evaluate(
      async (item) => {
        const chromeApi = globalThis as unknown as {
          chrome: { storage: { local: { set(v: unknown): Promise<void> } } };
        };
        await chromeApi.chrome.storage.local.set(item);
      },
      { apiKeys: { v: 1, value: KEYS } },
    );
    await writeSettings(session, { backend: { kind: 'provider', provider: 'openai', model: 'gpt-4o-mini' } });
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it('sends the OpenAI key only to api.openai.com and the other keys nowhere, during a whole check', async () => {
    const results = await session.context.newPage();
    await results.goto(`https://www.google.com/search?q=${encodeURIComponent(QUESTION)}`);
    const tabId = await session.tabIdOf('https://www.google.com/search');
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('check').click();
    await expect.poll(() => panel.getByTestId('answer').textContent(), { timeout: 30_000 }).toBe('1963');

    const carrying = (secret: string) =>
      log.filter((request) => JSON.stringify(request.headers).includes(secret) || request.body.includes(secret));
    const withOpenAiKey = carrying(KEYS.openai);
    expect(withOpenAiKey.length).toBeGreaterThan(0);
    expect(new Set(withOpenAiKey.map((request) => request.host))).toEqual(new Set(['api.openai.com']));
    expect(withOpenAiKey.every((request) => request.headers.authorization === `Bearer ${KEYS.openai}`)).toBe(true);
    expect(carrying(KEYS.anthropic)).toEqual([]);
    expect(carrying(KEYS.gemini)).toEqual([]);
    // The content script cannot read stored keys or settings, only ask which engines are on.
    const seen = await evaluateInContentScript<string>(
      session.context,
      results,
      session.extensionId,
      `chrome.storage.local.get(null).then((items) => JSON.stringify(items), (error) => 'refused: ' + error.message)`,
    );
    expect(seen).not.toContain('SECRET');
    expect(seen.startsWith('refused')).toBe(true);
    // The results page itself never saw a key, in its URL, headers or anywhere else.
    expect(
      log.filter((request) => request.host === 'www.google.com').every((r) => !JSON.stringify(r).includes('SECRET')),
    ).toBe(true);
  });
});
