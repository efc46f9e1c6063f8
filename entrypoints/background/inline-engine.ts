import { FactCheckError } from '@/lib/core/errors';
import { createEngine } from '@/lib/engine/engine';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { LocalEngine } from '@/lib/llm/webllm/local-engine';
import { browserServices } from './browser-services';

/** Firefox has no offscreen documents (and WebGPU only on some systems): the local model is Chrome/Edge only. */
const unsupported = () =>
  new FactCheckError(
    'webgpu-unavailable',
    'The local model needs Chrome or Edge. In this browser, choose a provider or a local server (such as Ollama) in the options.',
    { retryable: false },
  );

const noLocalEngine: LocalEngine = {
  gpuStatus: async () => ({ available: false, reason: unsupported().message, features: [], fallbackAdapter: false }),
  listModels: async () => [],
  load: async () => Promise.reject(unsupported()),
  chat: async () => Promise.reject(unsupported()),
  deleteCached: async () => undefined,
  unload: async () => undefined,
};

/** Firefox: the engine runs in the background page itself (an event page, loaded through import()). */
export const inlineEngine = (own: { id: string; origin: string }) =>
  createEngine(browserServices, createModelHost(noLocalEngine), own);
