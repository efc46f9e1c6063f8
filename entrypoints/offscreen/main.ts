import { browser } from 'wxt/browser';
import type { GpuLike } from '@/lib/llm/webllm/gpu';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import { LOCAL_ENGINE_PORT } from '@/lib/llm/webllm/port-protocol';
import { serveLocalEngine } from '@/lib/llm/webllm/port-server';
import { realWebLlmApi } from '@/lib/llm/webllm/real-api';

// The offscreen document: WebLLM and its GPU state live here, so the service worker stays small.
const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
const engine = createWebLlmEngine(realWebLlmApi(gpu));

browser.runtime.onConnect.addListener((port) => {
  // Only the background connects without a tab; pages and content scripts are not served.
  if (port.name !== LOCAL_ENGINE_PORT || port.sender?.id !== browser.runtime.id || port.sender.tab) return;
  serveLocalEngine(port, engine);
});
