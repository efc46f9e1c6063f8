import { browser } from 'wxt/browser';
import { ENGINE_CHANNEL, ENGINE_READY_CHANNEL, handleEngineCall } from '@/lib/engine/endpoint';
import { createEngine } from '@/lib/engine/engine';
import { remoteServices } from '@/lib/engine/services-client';
import { createModelHost, lazyLocalEngine } from '@/lib/llm/host/model-host';
import type { GpuLike } from '@/lib/llm/webllm/gpu';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import { unloadWhenIdle } from '@/lib/llm/webllm/idle-unload';
import { callOn, channelMessage, respondLater } from '@/lib/messaging/message-rpc';
import { RUN_PORT } from '@/lib/messaging/run-port';

// The engine document (Chrome): captures, runs, trust, history and every model call live here, so the
// service worker stays small. WebLLM (6 MB) is loaded only when the local model is used.
const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
const local = lazyLocalEngine(async () => {
  const { realWebLlmApi } = await import('@/lib/llm/webllm/real-api');
  return unloadWhenIdle(createWebLlmEngine(realWebLlmApi(gpu)));
});

// An offscreen document has only chrome.runtime: storage, tabs and permissions are the worker's, lent on request.
const services = remoteServices((message) => browser.runtime.sendMessage(message));
const own = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };
const engine = createEngine(services, createModelHost(local), own);
const workerUrl = browser.runtime.getURL('/background.js');

browser.runtime.onMessage.addListener((raw, sender, sendResponse) => {
  // Only the worker calls the engine (it has checked the page or tab first); everything else is its to answer.
  const engineCall = callOn(ENGINE_CHANNEL, raw);
  if (!engineCall || sender.id !== own.id || sender.url !== workerUrl) return undefined;
  return respondLater(handleEngineCall(engineCall.call, engine), sendResponse);
});

// Pages follow a tab's runs over a port to this document. Only the extension's own pages may: a
// content script's port (sender URL of a web page) is closed at once.
browser.runtime.onConnect.addListener((port) => {
  if (port.name !== RUN_PORT) return;
  if (port.sender?.id !== own.id || !port.sender.url?.startsWith(own.origin)) return port.disconnect();
  engine.watchRun(port);
});

// Listening now: the worker that created this document may send what it has been holding.
void browser.runtime.sendMessage(channelMessage(ENGINE_READY_CHANNEL, null)).catch(() => undefined);
