import type { GpuLike } from './gpu';
import type { WebLlmApi } from './host';

/**
 * Firefox's background page is built as one classic script, where an import() is bundled inline:
 * WebLLM there would be parsed at every start of the background, for everyone, local model or not
 * (the background page's load, Firefox ESR 153, 8 rounds: 418 ms median against 267 without it). So
 * Firefox loads WebLLM as a script of its own
 * (entrypoints/webllm.ts), only when the local model is used, and the script leaves its API here.
 */
export const WEBLLM_SCRIPT_PATH = '/webllm.js';

export type WebLlmFactory = (gpu: GpuLike | undefined) => WebLlmApi;

const KEY = '__factcheckWebLlm';

/** Called by the WebLLM script once it has run. */
export function offerWebLlm(factory: WebLlmFactory): void {
  (globalThis as Record<string, unknown>)[KEY] = factory;
}

/** What the WebLLM script left, if it has run in this document. */
export function takeWebLlm(): WebLlmFactory | undefined {
  const offered = (globalThis as Record<string, unknown>)[KEY];
  return typeof offered === 'function' ? (offered as WebLlmFactory) : undefined;
}
