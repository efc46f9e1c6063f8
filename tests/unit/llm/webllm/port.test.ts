import { describe, expect, it } from 'vitest';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import type { LoadProgress } from '@/lib/llm/webllm/local-engine';
import { createPortEngine } from '@/lib/llm/webllm/port-client';
import type { PortLike } from '@/lib/llm/webllm/port-protocol';
import { serveLocalEngine } from '@/lib/llm/webllm/port-server';
import { fakeApi } from './fake-webllm';

const QWEN = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';

interface FakePort extends PortLike {
  sent: unknown[];
  messageListeners: ((message: unknown) => void)[];
  disconnectListeners: (() => void)[];
  peer: FakePort | undefined;
}

/** Two connected in-memory ports, delivering asynchronously and structured-cloning like the browser. */
function portPair(): [FakePort, FakePort] {
  const make = (): FakePort => {
    const messageListeners: ((message: unknown) => void)[] = [];
    const disconnectListeners: (() => void)[] = [];
    return {
      sent: [] as unknown[],
      messageListeners,
      disconnectListeners,
      peer: undefined,
      postMessage(message: unknown) {
        this.sent.push(message);
        const copy = structuredClone(message);
        const peer = this.peer;
        setTimeout(() => {
          for (const listener of peer?.messageListeners ?? []) listener(copy);
        }, 0);
      },
      onMessage: { addListener: (listener: (message: unknown) => void) => void messageListeners.push(listener) },
      onDisconnect: { addListener: (listener: () => void) => void disconnectListeners.push(listener) },
      disconnect() {
        for (const listener of this.peer?.disconnectListeners ?? []) listener();
      },
    };
  };
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

describe('the local engine over a port (background ↔ offscreen document)', () => {
  it('loads with progress and streams a chat, with every reply validated', async () => {
    const { api } = fakeApi();
    const [client, server] = portPair();
    serveLocalEngine(server, createWebLlmEngine(api));
    const engine = createPortEngine(async () => client);
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

  it('a cancel crosses the port and interrupts the GPU', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.chunkDelayMs = 30;
    const [client, server] = portPair();
    serveLocalEngine(server, createWebLlmEngine(api));
    const engine = createPortEngine(async () => client);
    const controller = new AbortController();
    const chat = engine.chat(
      { model: QWEN, messages: [{ role: 'user', content: 'Q' }] },
      () => controller.abort(),
      controller.signal,
    );
    await expect(chat).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => mlc.calls).toContain('interrupt');
    expect(client.sent.some((message) => (message as { op?: string }).op === 'cancel')).toBe(true);
  });

  it('a cancelled download crosses the port and unloads', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.reloadBehaviour = 'hang';
    const [client, server] = portPair();
    serveLocalEngine(server, createWebLlmEngine(api));
    const engine = createPortEngine(async () => client);
    const controller = new AbortController();
    const loading = engine.load(QWEN, () => controller.abort(), controller.signal);
    await expect(loading).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => mlc.calls).toContain('unload');
  });

  it('errors keep their code across the port', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.reloadBehaviour = 'offline';
    const [client, server] = portPair();
    serveLocalEngine(server, createWebLlmEngine(api));
    const engine = createPortEngine(async () => client);
    await expect(engine.load(QWEN, () => undefined)).rejects.toMatchObject({ code: 'model-download-failed' });
  });

  it('cache deletion goes through', async () => {
    const { api, deleted } = fakeApi({ cached: [QWEN] });
    const [client, server] = portPair();
    serveLocalEngine(server, createWebLlmEngine(api));
    const engine = createPortEngine(async () => client);
    await engine.deleteCached(QWEN);
    expect(deleted).toEqual([QWEN]);
  });

  it('sends heartbeats while busy, and fails pending calls when the host goes away', async () => {
    const { api, engine: mlc } = fakeApi();
    mlc.reloadBehaviour = 'hang';
    const [client, server] = portPair();
    serveLocalEngine(server, createWebLlmEngine(api), 20);
    const engine = createPortEngine(async () => client);
    const loading = engine.load(QWEN, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(server.sent.filter((message) => (message as { kind?: string }).kind === 'heartbeat').length).toBeGreaterThan(
      1,
    );
    server.disconnect();
    await expect(loading).rejects.toMatchObject({ code: 'internal', retryable: true });
  });
});
