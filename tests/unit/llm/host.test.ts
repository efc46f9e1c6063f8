import { describe, expect, it } from 'vitest';
import { hostedChatModel } from '@/lib/llm/host/hosted-model';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { WebLlmApi } from '@/lib/llm/webllm/host';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import type { LoadProgress } from '@/lib/llm/webllm/local-engine';
import { startTestServer, writeFrames } from './harness/server';
import { openaiCompatibleWire } from './harness/wire';
import { fakeApi } from './webllm/fake-webllm';

const QWEN = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';

/** The host the engine uses, with WebLLM behind a fake API. */
const hostFor = (api: WebLlmApi) => createModelHost(createWebLlmEngine(api));

describe('the model host (local engine and providers behind one interface)', () => {
  it('loads with progress and streams a chat, with every reply validated', async () => {
    const { api } = fakeApi();
    const engine = hostFor(api);
    expect((await engine.gpuStatus()).available).toBe(true);
    const progress: LoadProgress[] = [];
    await engine.load(QWEN, (report) => progress.push(report));
    expect(progress.at(-1)?.progress).toBe(1);
    const tokens: string[] = [];
    const result = await engine.chat(
      { model: QWEN, messages: [{ role: 'user', content: 'Capital of France?' }] },
      (delta) => tokens.push(delta),
    );
    expect(result.text).toBe('Paris is the capital.');
    expect(tokens.join('')).toBe(result.text);
  });

  it('a cancel interrupts the GPU', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.chunkDelayMs = 30;
    const engine = hostFor(api);
    const controller = new AbortController();
    const chat = engine.chat(
      { model: QWEN, messages: [{ role: 'user', content: 'Q' }] },
      () => controller.abort(),
      controller.signal,
    );
    await expect(chat).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => mlc.calls).toContain('interrupt');
  });

  it('a cancelled download unloads', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.reloadBehaviour = 'hang';
    const engine = hostFor(api);
    const controller = new AbortController();
    const loading = engine.load(QWEN, () => controller.abort(), controller.signal);
    await expect(loading).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => mlc.calls).toContain('unload');
  });

  it('errors keep their code', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.reloadBehaviour = 'offline';
    const engine = hostFor(api);
    await expect(engine.load(QWEN, () => undefined)).rejects.toMatchObject({ code: 'model-download-failed' });
  });

  it('cache deletion goes through', async () => {
    const { api, deleted } = fakeApi({ cached: [QWEN] });
    const engine = hostFor(api);
    await engine.deleteCached(QWEN);
    expect(deleted).toEqual([QWEN]);
  });

  it('runs a provider call in the host, streaming tokens back, with only the backend key', async () => {
    const http = await startTestServer();
    try {
      http.setHandler(async (_exchange, response) => {
        const { open, deltas, close } = openaiCompatibleWire.stream(['Hello', ' there']);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        await writeFrames(response, [...open, ...deltas, ...close]);
        response.end();
      });
      const engine = hostFor(fakeApi().api);
      const model = hostedChatModel(engine, {
        backend: { kind: 'provider', provider: 'openai-compatible', model: 'llama3.2', baseUrl: `${http.url}/v1` },
        keys: { 'openai-compatible': 'sk-local' },
        concurrency: 2,
        timeoutMs: 2_000,
        hostPermission: true,
      });
      expect(model).toMatchObject({ id: 'openai-compatible:llama3.2', maxConcurrency: 2, local: false });
      const tokens: string[] = [];
      const result = await model.generate({
        messages: [{ role: 'user', content: 'Hi' }],
        onToken: (delta) => tokens.push(delta),
      });
      expect(result.text).toBe('Hello there');
      expect(tokens).toEqual(['Hello', ' there']);
      expect(http.exchanges[0]?.headers.authorization).toBe('Bearer sk-local');
    } finally {
      await http.close();
    }
  });

  it('a provider error keeps its code, and a missing host permission is named as such', async () => {
    const engine = hostFor(fakeApi().api);
    const unreachable = {
      kind: 'provider',
      provider: 'openai-compatible',
      model: 'm',
      baseUrl: 'http://127.0.0.1:65531/v1',
    } as const;
    const common = {
      keys: {},
      concurrency: 1,
      timeoutMs: 2_000,
      request: { messages: [{ role: 'user' as const, content: 'Hi' }] },
    };
    await expect(
      engine.generate({ ...common, backend: unreachable, hostPermission: true }, () => undefined),
    ).rejects.toMatchObject({ code: 'endpoint-unreachable' });
    await expect(
      engine.generate({ ...common, backend: unreachable, hostPermission: false }, () => undefined),
    ).rejects.toMatchObject({ code: 'permission-needed', message: expect.stringContaining('http://127.0.0.1:65531') });
  });

  it('a cancel of a provider call closes the HTTP request', async () => {
    const http = await startTestServer();
    try {
      http.setHandler(async (_exchange, response) => {
        const { open, deltas } = openaiCompatibleWire.stream(['Hello', ' there']);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        await writeFrames(response, [...open, ...deltas.slice(0, 1)]);
      });
      const engine = hostFor(fakeApi().api);
      const controller = new AbortController();
      const started = Date.now();
      const call = engine.generate(
        {
          backend: { kind: 'provider', provider: 'openai-compatible', model: 'm', baseUrl: `${http.url}/v1` },
          keys: {},
          concurrency: 1,
          timeoutMs: 5_000,
          hostPermission: true,
          request: { messages: [{ role: 'user', content: 'Hi' }] },
        },
        () => controller.abort(),
        controller.signal,
      );
      await expect(call).rejects.toMatchObject({ code: 'cancelled' });
      expect(Date.now() - started).toBeLessThan(1_000);
      await expect.poll(() => http.exchanges[0]?.clientClosed).toBe(true);
    } finally {
      await http.close();
    }
  });
});
