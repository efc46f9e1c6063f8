import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactCheckError } from '@/lib/core/errors';
import type { ChatModel, ChatResult } from '@/lib/llm/chat-model';
import { createChatModel } from '@/lib/llm/factory';
import { PROVIDERS } from '@/lib/llm/providers';
import type { RetryPolicy } from '@/lib/llm/retry';
import { sleep, startTestServer, type TestServer, writeFrames } from './server';
import type { Wire } from './wire';

/** Timings of every fault case, printed at the end so the numbers can be reported. */
export const timings: { provider: string; fault: string; ms: number; requests: number; outcome: string }[] = [];

const TIMEOUT_MS = 600;
const PIECES = ['The ', 'answer ', 'is ', '42.'];

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function startStream(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

async function streamAll(wire: Wire, response: ServerResponse) {
  const { open, deltas, close } = wire.stream(PIECES);
  startStream(response);
  await writeFrames(response, [...open, ...deltas, ...close]);
  response.end();
}

/** Runs one call and records how it ended and how long it took. */
async function measure(
  wire: Wire,
  server: TestServer,
  fault: string,
  call: () => Promise<ChatResult>,
): Promise<{ result?: ChatResult; error?: FactCheckError; ms: number }> {
  const started = performance.now();
  let outcome: { result?: ChatResult; error?: FactCheckError };
  try {
    outcome = { result: await call() };
  } catch (error) {
    if (!(error instanceof FactCheckError)) throw error;
    outcome = { error };
  }
  const ms = Math.round(performance.now() - started);
  timings.push({
    provider: wire.provider,
    fault,
    ms,
    requests: server.count(wire.chatPath),
    outcome: outcome.error ? `${outcome.error.code}: ${outcome.error.message}` : `ok "${outcome.result?.text}"`,
  });
  return { ...outcome, ms };
}

/** The same faults against every provider, each speaking its own wire format. */
export function describeProviderFaults(wire: Wire, retry?: Partial<RetryPolicy>) {
  describe(`${wire.provider} over its real wire format`, () => {
    let server: TestServer;
    let model: ChatModel;
    const ask = (extra: { signal?: AbortSignal; onToken?: (delta: string) => void } = {}) =>
      model.generate({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Q?' },
        ],
        ...extra,
      });

    beforeAll(async () => {
      server = await startTestServer();
      model = createChatModel(
        { kind: 'provider', provider: wire.provider, model: wire.model, baseUrl: wire.baseUrl(server.url) },
        { [wire.provider]: 'test-key' },
        { concurrency: 4, timeoutMs: TIMEOUT_MS, retry },
      );
    });
    afterAll(async () => {
      await server.close();
    });

    it('streams an answer with its usage', async () => {
      server.setHandler((_exchange, response) => void streamAll(wire, response));
      const tokens: string[] = [];
      const { result, error } = await measure(wire, server, 'success', () =>
        ask({ onToken: (delta) => tokens.push(delta) }),
      );
      expect(error).toBeUndefined();
      expect(result?.text).toBe('The answer is 42.');
      expect(tokens).toEqual(PIECES);
      expect(result?.usage.promptTokens).toBe(12);
      expect(result?.usage.completionTokens).toBeGreaterThan(0);
      const sent = server.exchanges[0];
      expect(sent?.method).toBe('POST');
      expect(sent?.body).toContain('Q?');
      if (wire.provider === 'anthropic') {
        expect(sent?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
        expect(sent?.headers['x-api-key']).toBe('test-key');
      }
    });

    it('passes a JSON schema where the provider supports it, and still returns the text as streamed', async () => {
      server.setHandler((_exchange, response) => void streamAll(wire, response));
      const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
      const result = await model.generate({
        messages: [{ role: 'user', content: 'Q?' }],
        jsonSchema: { name: 'verdict', schema },
      });
      expect(result.text).toBe('The answer is 42.');
      const body = server.exchanges[0]?.body ?? '';
      if (model.supportsJsonSchema) expect(body).toContain('"answer"');
    });

    it('lists the models the server offers', async () => {
      const ids = wire.provider === 'openai' ? ['gpt-4o-mini', 'text-embedding-3-small'] : [wire.model, 'other-model'];
      server.setHandler((_exchange, response) => sendJson(response, 200, wire.modelList(ids)));
      const models = await PROVIDERS[wire.provider].listModels({
        apiKey: 'test-key',
        baseUrl: wire.baseUrl(server.url),
        timeoutMs: TIMEOUT_MS,
      });
      expect(models).toContain(wire.model);
      expect(models).not.toContain('text-embedding-3-small');
      expect(server.exchanges[0]?.path.startsWith(wire.modelsPath)).toBe(true);
    });

    it('401: says the key is wrong, without retrying', async () => {
      server.setHandler((_exchange, response) => sendJson(response, 401, wire.errorBody(401, 'invalid api key')));
      const { error } = await measure(wire, server, '401', () => ask());
      expect(error?.code).toBe('bad-key');
      expect(error?.message).toMatch(/key/i);
      expect(server.count(wire.chatPath)).toBe(1);
    });

    it('404: names the unknown model', async () => {
      server.setHandler((_exchange, response) =>
        sendJson(response, 404, wire.errorBody(404, `model ${wire.model} not found`, 'model_not_found')),
      );
      const { error } = await measure(wire, server, '404 model', () => ask());
      expect(error?.code).toBe('unknown-model');
      expect(error?.message).toContain(wire.model);
    });

    it('429 with Retry-After: waits as asked, then succeeds', async () => {
      server.setHandler((_exchange, response, index) => {
        if (index === 0) sendJson(response, 429, wire.errorBody(429, 'slow down'), { 'retry-after': '1' });
        else void streamAll(wire, response);
      });
      const { result, ms } = await measure(wire, server, '429 Retry-After: 1', () => ask());
      expect(result?.text).toBe('The answer is 42.');
      expect(server.count(wire.chatPath)).toBe(2);
      expect(ms).toBeGreaterThanOrEqual(990);
      expect(ms).toBeLessThan(2_000);
    });

    it('429 asking for longer than the retry budget: fails at once, saying so', async () => {
      server.setHandler((_exchange, response) =>
        sendJson(response, 429, wire.errorBody(429, 'slow down'), { 'retry-after': '120' }),
      );
      const { error, ms } = await measure(wire, server, '429 Retry-After: 120', () => ask());
      expect(error?.code).toBe('rate-limited');
      expect(error?.message).toContain('120 s');
      expect(server.count(wire.chatPath)).toBe(1);
      expect(ms).toBeLessThan(500);
    });

    it('persistent 500: gives up after the bounded retries', async () => {
      server.setHandler((_exchange, response) => sendJson(response, 500, wire.errorBody(500, 'boom')));
      const { error, ms } = await measure(wire, server, 'persistent 500', () => ask());
      expect(error?.code).toBe('endpoint-unreachable');
      expect(error?.retryable).toBe(true);
      expect(server.count(wire.chatPath)).toBe(4);
      expect(ms).toBeLessThan(5_000);
    });

    it('stream cut in the middle: a clear error, no retry once text was shown', async () => {
      server.setHandler(async (_exchange, response) => {
        const { open, deltas } = wire.stream(PIECES);
        startStream(response);
        await writeFrames(response, [...open, ...deltas.slice(0, 2)]);
        response.destroy();
      });
      const tokens: string[] = [];
      const { error } = await measure(wire, server, 'stream cut mid-answer', () =>
        ask({ onToken: (delta) => tokens.push(delta) }),
      );
      expect(error?.code).toBe('endpoint-unreachable');
      expect(error?.message).toMatch(/dropped|reach/i);
      expect(tokens.join('')).toBe('The answer ');
      expect(server.count(wire.chatPath)).toBe(1);
    });

    it('stream cut before any text: retried, then succeeds', async () => {
      server.setHandler(async (_exchange, response, index) => {
        if (index > 0) return void streamAll(wire, response);
        startStream(response);
        await sleep(5);
        response.destroy();
      });
      const { result } = await measure(wire, server, 'stream cut before text', () => ask());
      expect(result?.text).toBe('The answer is 42.');
      expect(server.count(wire.chatPath)).toBe(2);
    });

    it('a stream whose data is not JSON: malformed output', async () => {
      server.setHandler(async (_exchange, response) => {
        startStream(response);
        await writeFrames(response, ['data: {this is not json\n\n', 'data: <html>\n\n']);
        response.end();
      });
      const { error } = await measure(wire, server, 'SSE data not JSON', () => ask());
      expect(error?.code).toBe('malformed-output');
    });

    it('a web page instead of an API: malformed output that points at the base URL', async () => {
      server.setHandler((_exchange, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>');
      });
      const { error } = await measure(wire, server, 'HTML page (200)', () => ask());
      expect(error?.code).toBe('malformed-output');
      expect(error?.message).toMatch(/base URL/);
    });

    it('no answer within the timeout: times out, and the request is really closed', async () => {
      server.setHandler(() => undefined);
      const { error, ms } = await measure(wire, server, `no response (timeout ${TIMEOUT_MS} ms)`, () => ask());
      expect(error?.code).toBe('timeout');
      expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
      expect(ms).toBeLessThan(TIMEOUT_MS + 400);
      await expect.poll(() => server.exchanges[0]?.clientClosed).toBe(true);
    });

    it('silence in the middle of a stream: times out', async () => {
      server.setHandler(async (_exchange, response) => {
        const { open, deltas } = wire.stream(PIECES);
        startStream(response);
        await writeFrames(response, [...open, ...deltas.slice(0, 1)]);
      });
      const { error, ms } = await measure(wire, server, 'stalls mid-stream', () => ask());
      expect(error?.code).toBe('timeout');
      expect(ms).toBeLessThan(TIMEOUT_MS + 400);
    });

    it('cancel: stops at once and closes the connection', async () => {
      server.setHandler(async (_exchange, response) => {
        const { open, deltas } = wire.stream(PIECES);
        startStream(response);
        await writeFrames(response, [...open, ...deltas.slice(0, 1)]);
      });
      const controller = new AbortController();
      const { error, ms } = await measure(wire, server, 'cancelled mid-stream', () =>
        ask({ signal: controller.signal, onToken: () => setTimeout(() => controller.abort(), 20) }),
      );
      expect(error?.code).toBe('cancelled');
      expect(ms).toBeLessThan(300);
      await expect.poll(() => server.exchanges[0]?.clientClosed).toBe(true);
    });
  });
}
