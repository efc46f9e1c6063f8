import { browser } from 'wxt/browser';
import { FactCheckError } from '@/lib/core/errors';
import { createEngine } from '@/lib/engine/engine';
import { createModelHost, lazyLocalEngine } from '@/lib/llm/host/model-host';
import type { GpuLike } from '@/lib/llm/webllm/gpu';
import { createWebLlmEngine } from '@/lib/llm/webllm/host';
import { unloadWhenIdle } from '@/lib/llm/webllm/idle-unload';
import { takeWebLlm, WEBLLM_SCRIPT_PATH, type WebLlmFactory } from '@/lib/llm/webllm/script-handoff';
import { browserServices } from './browser-services';

/** Adds the WebLLM script to this background page (once) and takes what it offers. */
async function loadWebLlm(): Promise<WebLlmFactory> {
  const ready = takeWebLlm();
  if (ready) return ready;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = browser.runtime.getURL(WEBLLM_SCRIPT_PATH as '/webllm.js');
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new FactCheckError('internal', 'The local model engine could not be loaded.'));
    };
    document.head.append(script);
  });
  const factory = takeWebLlm();
  if (!factory) throw new FactCheckError('internal', 'The local model engine did not start.');
  return factory;
}

/**
 * Firefox: the engine runs in the background page itself (a document, loaded through import()).
 * The local model runs here wherever this Firefox offers WebGPU: the engine asks navigator.gpu for
 * an adapter (lib/llm/webllm/gpu.ts) rather than judging by the browser's name, and where there is
 * none, it says so and what to choose instead. WebLLM is loaded only when the local model is used.
 */
export const inlineEngine = (own: { id: string; origin: string }) => {
  const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
  const local = lazyLocalEngine(async () => unloadWhenIdle(createWebLlmEngine((await loadWebLlm())(gpu))));
  return createEngine(browserServices, createModelHost(local), own);
};
