import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FactCheckError } from '@/lib/core/errors';
import type { ChatModel } from '@/lib/llm/chat-model';
import { createChatModel } from '@/lib/llm/factory';
import { startTestServer, type TestServer, writeFrames } from './harness/server';
import { anthropicWire, geminiWire, openaiCompatibleWire, openaiWire, type Wire } from './harness/wire';

const Answer = z.object({ answer: z.string(), explanation: z.string() });
const jsonSchema = { name: 'agent_answer', schema: z.toJSONSchema(Answer) as Record<string, unknown> };
const ANSWER = ['{"answer": ', '"Paris", ', '"explanation": "e"}'];

async function streamAnswer(wire: Wire, response: ServerResponse) {
  const { open, deltas, close } = wire.stream(ANSWER);
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  await writeFrames(response, [...open, ...deltas, ...close], 1);
  response.end();
}

function modelFor(wire: Wire, server: TestServer, model = wire.model): ChatModel {
  return createChatModel(
    { kind: 'provider', provider: wire.provider, model, baseUrl: wire.baseUrl(server.url) },
    { [wire.provider]: 'test-key' },
    { concurrency: 2, timeoutMs: 2000, retry: { maxAttempts: 1 } },
  );
}

const ask = (model: ChatModel) =>
  model.generate({ messages: [{ role: 'user', content: 'What is the capital of France?' }], jsonSchema });

const bodyOf = (server: TestServer, index: number): Record<string, unknown> =>
  JSON.parse(server.exchanges[index]?.body ?? '{}') as Record<string, unknown>;

/** Where each backend's wire format carries the schema. */
const schemaSent: Record<string, (body: Record<string, unknown>) => unknown> = {
  openai: (body) => (body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema?.schema,
  'openai-compatible': (body) =>
    (body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema?.schema,
  anthropic: (body) => (body.output_config as { format?: { schema?: unknown } } | undefined)?.format?.schema,
  gemini: (body) => {
    const config = body.generationConfig as Record<string, unknown> | undefined;
    return config?.responseJsonSchema ?? config?.responseSchema;
  },
};

describe('structured output: the request body carries the JSON schema for every backend that accepts it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.exchanges.length = 0;
  });

  // Anthropic's native structured output is for its newer models; older ones get the SDK's json tool.
  const cases: Array<[string, Wire, string]> = [
    ['openai', openaiWire, openaiWire.model],
    ['openai-compatible', openaiCompatibleWire, openaiCompatibleWire.model],
    ['anthropic', anthropicWire, 'claude-sonnet-4-5'],
    ['gemini', geminiWire, geminiWire.model],
  ];
  it.each(cases)('%s', async (_name, wire, modelId) => {
    server.setHandler((_exchange, response) => void streamAnswer(wire, response));
    const model = modelFor(wire, server, modelId);
    expect(model.supportsJsonSchema).toBe(true);
    const result = await ask(model);
    expect(result.text).toBe(ANSWER.join(''));
    const body = bodyOf(server, 0);
    const schema = schemaSent[wire.provider]?.(body) as { properties?: Record<string, unknown> } | undefined;
    expect(schema?.properties, JSON.stringify(body).slice(0, 400)).toHaveProperty('answer');
    if (wire.provider === 'openai-compatible' || wire.provider === 'openai') {
      expect((body.response_format as { type?: string }).type).toBe('json_schema');
    }
  });
});

describe('an OpenAI-compatible server that rejects json_schema', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is asked again with the schema in the prompt only, and that endpoint is remembered', async () => {
    server.setHandler((exchange, response) => {
      const body = JSON.parse(exchange.body) as { response_format?: { type?: string } };
      if (body.response_format?.type === 'json_schema') {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(
              openaiCompatibleWire.errorBody(400, "'response_format.type' must be 'json_object' or 'text'"),
            ),
          );
        return;
      }
      void streamAnswer(openaiCompatibleWire, response);
    });
    const model = modelFor(openaiCompatibleWire, server, 'rejects-schema');
    expect((await ask(model)).text).toBe(ANSWER.join(''));
    expect(server.exchanges).toHaveLength(2);
    expect(bodyOf(server, 0).response_format).toBeDefined();
    expect(bodyOf(server, 1).response_format).toBeUndefined();
    // The next call (even through a new model for the same endpoint) goes straight to the prompt-only form.
    expect((await ask(modelFor(openaiCompatibleWire, server, 'rejects-schema'))).text).toBe(ANSWER.join(''));
    expect(server.exchanges).toHaveLength(3);
    expect(bodyOf(server, 2).response_format).toBeUndefined();
  });

  it('another 400 is not taken for a refused schema: it fails as it did', async () => {
    server.exchanges.length = 0;
    server.setHandler((_exchange, response) => {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify(openaiCompatibleWire.errorBody(400, 'context length exceeded')));
    });
    const model = modelFor(openaiCompatibleWire, server, 'too-long');
    await expect(ask(model)).rejects.toBeInstanceOf(FactCheckError);
    expect(server.exchanges).toHaveLength(1);
  });
});
