import { afterAll, describe, expect, it } from 'vitest';
import { createChatModel } from '@/lib/llm/factory';
import { describeProviderFaults, timings } from './harness/provider-suite';
import { startTestServer } from './harness/server';
import { geminiWire } from './harness/wire';

describeProviderFaults(geminiWire);

describe('gemini specifics', () => {
  it('an answer withheld by the safety filter is an error, not an empty answer', async () => {
    const server = await startTestServer();
    try {
      server.setHandler((_exchange, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(
          `data: ${JSON.stringify({ candidates: [{ finishReason: 'SAFETY', index: 0 }], usageMetadata: { promptTokenCount: 3 } })}\n\n`,
        );
      });
      const model = createChatModel(
        { kind: 'provider', provider: 'gemini', model: geminiWire.model, baseUrl: geminiWire.baseUrl(server.url) },
        { gemini: 'k' },
        { concurrency: 1, timeoutMs: 1_000 },
      );
      await expect(model.generate({ messages: [{ role: 'user', content: 'Q' }] })).rejects.toMatchObject({
        code: 'malformed-output',
        message: expect.stringMatching(/content filter/),
      });
    } finally {
      await server.close();
    }
  });
});

afterAll(() => {
  console.table(timings);
});
