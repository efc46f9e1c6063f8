import { browser } from 'wxt/browser';
import { createModelHost, lazyLocalEngine } from '@/lib/llm/host/model-host';
import { MODEL_HOST_PORT } from '@/lib/llm/host/protocol';
import { serveModelHost } from '@/lib/llm/host/server';
import type { GpuLike } from '@/lib/llm/webllm/gpu';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import { unloadWhenIdle } from '@/lib/llm/webllm/idle-unload';

// The offscreen document hosts every model call; WebLLM (6 MB) is loaded only when the local model is used.
const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
const local = lazyLocalEngine(async () => {
  const { realWebLlmApi } = await import('@/lib/llm/webllm/real-api');
  return unloadWhenIdle(createWebLlmEngine(realWebLlmApi(gpu)));
});
const host = createModelHost(local);

browser.runtime.onConnect.addListener((port) => {
  // Only the background connects without a tab; pages and content scripts are not served.
  if (port.name !== MODEL_HOST_PORT || port.sender?.id !== browser.runtime.id || port.sender.tab) return;
  serveModelHost(port, host);
});
