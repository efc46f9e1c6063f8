import { describe, expect, it } from 'vitest';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import { unloadWhenIdle } from '@/lib/llm/webllm/idle-unload';
import type { LoadProgress } from '@/lib/llm/webllm/local-engine';
import { webllmChatModel } from '@/lib/llm/webllm/webllm-model';
import { fakeApi } from './fake-webllm';

const QWEN = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';
const ask = { model: QWEN, messages: [{ role: 'user' as const, content: 'Capital of France?' }] };

describe('the WebLLM engine host', () => {
  it('lists models with cache state, runnability and the recommendation', async () => {
    const { api } = fakeApi({ features: [], cached: ['SmolLM2-360M-Instruct-q4f32_1-MLC'] });
    const models = await createWebLlmEngine(api).listModels();
    const byId = Object.fromEntries(models.map((model) => [model.id, model]));
    expect(byId['SmolLM2-360M-Instruct-q4f32_1-MLC']).toMatchObject({ cached: true, runnable: true });
    expect(byId[QWEN]).toMatchObject({ cached: false, runnable: false, recommended: false });
    expect(byId['Qwen2.5-1.5B-Instruct-q4f32_1-MLC']?.recommended).toBe(true);
  });

  it('forwards download progress and loads once', async () => {
    const { api, engine } = fakeApi();
    const host = createWebLlmEngine(api);
    const progress: LoadProgress[] = [];
    await host.load(QWEN, (report) => progress.push(report));
    await host.load(QWEN, (report) => progress.push(report));
    expect(progress.map((report) => report.progress)).toEqual([0.25, 1]);
    expect(engine.calls).toEqual([`reload:${QWEN}`]);
  });

  it('a second caller loading the same model waits for the first load and sees its progress', async () => {
    const { api, engine } = fakeApi();
    engine.reloadBehaviour = 'hang';
    const host = createWebLlmEngine(api);
    const first: number[] = [];
    const second: number[] = [];
    const loadA = host.load(QWEN, (report) => first.push(report.progress));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const loadB = host.load(QWEN, (report) => second.push(report.progress));
    await new Promise((resolve) => setTimeout(resolve, 5));
    engine.report(0.5);
    await engine.unload(); // ends the hanging reload (as a finished download would)
    await Promise.allSettled([loadA, loadB]);
    expect(engine.calls.filter((call) => call.startsWith('reload'))).toHaveLength(1);
    expect(first).toContain(0.5);
    expect(second).toEqual([0.5]);
  });

  it('offline, the bare "TypeError: Failed to fetch" string becomes model-download-failed', async () => {
    const { api, engine } = fakeApi();
    engine.reloadBehaviour = 'offline';
    const error = await createWebLlmEngine(api)
      .load(QWEN, () => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'model-download-failed', retryable: true });
    expect(String((error as Error).message)).toMatch(/could not be downloaded: check the connection/);
  });

  it('cancelling a download unloads the engine and reads as a cancel', async () => {
    const { api, engine } = fakeApi();
    engine.reloadBehaviour = 'hang';
    const controller = new AbortController();
    const loading = createWebLlmEngine(api).load(QWEN, () => controller.abort(), controller.signal);
    await expect(loading).rejects.toMatchObject({ code: 'cancelled' });
    expect(engine.calls).toEqual([`reload:${QWEN}`, 'unload']);
  });

  it('refuses without WebGPU, before any download', async () => {
    const { api, engine } = fakeApi({ features: null });
    await expect(createWebLlmEngine(api).load(QWEN, () => undefined)).rejects.toMatchObject({
      code: 'webgpu-unavailable',
    });
    expect(engine.calls).toEqual([]);
  });

  it('refuses a model outside the catalogue', async () => {
    const { api } = fakeApi();
    await expect(
      createWebLlmEngine(api).load('Llama-3.1-70B-Instruct-q3f16_1-MLC', () => undefined),
    ).rejects.toMatchObject({ code: 'unknown-model' });
  });

  it('streams tokens with usage, loading the model the request names, and passes the JSON schema', async () => {
    const { api, engine } = fakeApi();
    const tokens: string[] = [];
    const result = await createWebLlmEngine(api).chat(
      { ...ask, jsonSchema: { name: 'answer', schema: { type: 'object' } } },
      (delta) => tokens.push(delta),
    );
    expect(result).toEqual({ text: 'Paris is the capital.', promptTokens: 20, completionTokens: 4 });
    expect(tokens).toHaveLength(4);
    expect(engine.calls).toEqual([`reload:${QWEN}`, 'chat']);
    expect(engine.requests[0]?.response_format).toEqual({ type: 'json_object', schema: '{"type":"object"}' });
  });

  it('a prompt longer than the context window says so', async () => {
    const { api, engine } = fakeApi();
    engine.chatError = Object.assign(
      new Error('Prompt tokens exceed context window size: number of prompt tokens: 5000; context window size: 4096'),
      { name: 'ContextWindowSizeExceededError' },
    );
    await expect(createWebLlmEngine(api).chat(ask, () => undefined)).rejects.toMatchObject({
      code: 'bad-input',
      message: expect.stringMatching(/longer than the local model's context/),
    });
  });

  it('gives WebLLM one leading system message', async () => {
    const { api, engine } = fakeApi();
    await createWebLlmEngine(api).chat(
      {
        model: QWEN,
        messages: [
          { role: 'system', content: 'A' },
          { role: 'user', content: 'Q' },
          { role: 'system', content: 'B' },
        ],
      },
      () => undefined,
    );
    expect(engine.requests[0]?.messages).toEqual([
      { role: 'system', content: 'A\n\nB' },
      { role: 'user', content: 'Q' },
    ]);
  });

  it('cancelling a generation interrupts it on the GPU', async () => {
    const { api, engine } = fakeApi();
    engine.chunkDelayMs = 20;
    const controller = new AbortController();
    const chat = createWebLlmEngine(api).chat(ask, () => controller.abort(), controller.signal);
    await expect(chat).rejects.toMatchObject({ code: 'cancelled' });
    expect(engine.calls).toContain('interrupt');
  });

  it('deleting a cached model unloads it first, then deletes all its files', async () => {
    const { api, engine, deleted } = fakeApi({ cached: [QWEN] });
    const host = createWebLlmEngine(api);
    await host.load(QWEN, () => undefined);
    await host.deleteCached(QWEN);
    expect(engine.calls).toEqual([`reload:${QWEN}`, 'unload']);
    expect(deleted).toEqual([QWEN]);
    expect((await host.listModels()).find((model) => model.id === QWEN)?.cached).toBe(false);
  });
});

describe('the WebLLM ChatModel', () => {
  it('is local, one at a time, and reports usage', async () => {
    const { api } = fakeApi();
    const model = webllmChatModel({ engine: createWebLlmEngine(api), model: QWEN, timeoutMs: 1_000 });
    expect(model).toMatchObject({ id: `webllm:${QWEN}`, local: true, maxConcurrency: 1, supportsJsonSchema: true });
    const [first, second] = await Promise.all([
      model.generate({ messages: ask.messages }),
      model.generate({ messages: ask.messages }),
    ]);
    expect(first.text).toBe('Paris is the capital.');
    expect(second.usage.completionTokens).toBe(4);
  });

  it('times out a silent generation and interrupts it', async () => {
    const { api, engine } = fakeApi();
    engine.chunkDelayMs = 300;
    const model = webllmChatModel({ engine: createWebLlmEngine(api), model: QWEN, timeoutMs: 100 });
    const started = Date.now();
    await expect(model.generate({ messages: ask.messages })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(engine.calls).toContain('interrupt');
  });
});

describe('idle unload', () => {
  it('unloads the model after a quiet spell, never during a request', async () => {
    const { api, engine } = fakeApi();
    const local = unloadWhenIdle(createWebLlmEngine(api), 40);
    engine.chunkDelayMs = 30;
    await local.chat(ask, () => undefined);
    expect(engine.calls).not.toContain('unload');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(engine.calls.at(-1)).toBe('unload');
  });
});
