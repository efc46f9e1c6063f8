import { createEngine } from '@/lib/engine/engine';
import { createModelHost, lazyLocalEngine } from '@/lib/llm/host/model-host';
import type { GpuLike } from '@/lib/llm/webllm/gpu';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import { unloadWhenIdle } from '@/lib/llm/webllm/idle-unload';
import { browserServices } from './browser-services';

/**
 * Firefox: the engine runs in the background page itself (a document, loaded through import()).
 * The local model runs here wherever this Firefox offers WebGPU: the engine asks navigator.gpu for
 * an adapter (lib/llm/webllm/gpu.ts) rather than judging by the browser's name, and where there is
 * none, it says so and what to choose instead. WebLLM (6 MB) is loaded only when the local model is used.
 */
export const inlineEngine = (own: { id: string; origin: string }) => {
  const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
  const local = lazyLocalEngine(async () => {
    const { realWebLlmApi } = await import('@/lib/llm/webllm/real-api');
    return unloadWhenIdle(createWebLlmEngine(realWebLlmApi(gpu)));
  });
  return createEngine(browserServices, createModelHost(local), own);
};
