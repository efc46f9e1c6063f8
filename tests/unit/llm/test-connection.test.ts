import { describe, expect, it } from 'vitest';
import { testConnection } from '@/lib/llm/test-connection';
import { startTestServer, writeFrames } from './harness/server';
import { openaiCompatibleWire } from './harness/wire';

describe('testConnection', () => {
  it('lists models, and accepts a pasted full endpoint as base URL', async () => {
    const server = await startTestServer();
    try {
      server.setHandler((_exchange, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(openaiCompatibleWire.modelList(['b', 'a'])));
      });
      const check = await testConnection(
        { provider: 'openai-compatible', baseUrl: `${server.url}/v1/chat/completions`, model: 'a' },
        {},
        { timeoutMs: 1_000 },
      );
      expect(check).toMatchObject({ models: ['a', 'b'], modelListed: true });
      expect(server.exchanges[0]?.path).toBe('/v1/models');
    } finally {
      await server.close();
    }
  });

  it('a server without a model list is tried with a tiny request to the model', async () => {
    const server = await startTestServer();
    try {
      server.setHandler(async (exchange, response) => {
        if (exchange.path.endsWith('/models')) return void response.writeHead(404).end('not found');
        const { open, deltas, close } = openaiCompatibleWire.stream(['OK']);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        await writeFrames(response, [...open, ...deltas, ...close]);
        response.end();
      });
      const check = await testConnection(
        { provider: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
        {},
        { timeoutMs: 1_000 },
      );
      expect(check).toMatchObject({ models: [], modelListed: null });
    } finally {
      await server.close();
    }
  });

  it('a wrong base URL is named as such', async () => {
    const server = await startTestServer();
    try {
      server.setHandler((_exchange, response) => void response.writeHead(404).end('404 page not found'));
      await expect(
        testConnection({ provider: 'openai-compatible', baseUrl: server.url, model: 'm' }, {}, { timeoutMs: 1_000 }),
      ).rejects.toMatchObject({ code: 'unknown-model', message: expect.stringMatching(/Check the base URL/) });
    } finally {
      await server.close();
    }
  });

  it('asks for a key before calling a provider that needs one', async () => {
    await expect(testConnection({ provider: 'openai' }, {}, { timeoutMs: 1_000 })).rejects.toMatchObject({
      code: 'bad-key',
    });
  });
});
