import { FactCheckError } from '../core/errors';
import type { ApiKeys, Backend } from '../core/settings';
import type { ChatModel } from './chat-model';
import { createLimiter, type Limiter } from './limit';
import { PROVIDERS } from './providers';
import type { RetryPolicy } from './retry';
import type { LocalEngine } from './webllm/local-engine';
import { webllmChatModel } from './webllm/webllm-model';

export interface ChatModelOptions {
  /** Requests in flight at once for a provider (the local model always runs one). */
  concurrency: number;
  /** Silence allowed per request before it fails with 'timeout'. */
  timeoutMs: number;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** In the extension: tells a missing host permission apart from an unreachable server. */
  permissionMissing?: (origin: string) => Promise<boolean>;
  /** The local engine and the model resolved for it (the backend may leave the choice to us). */
  webllm?: { engine: LocalEngine; model: string };
}

/**
 * One limiter per backend endpoint, shared by every model built for it: two runs in two tabs
 * together still respect the concurrency the person set (and the GPU still runs one at a time).
 */
const limiters = new Map<string, Limiter>();
function limiterFor(key: string, concurrency: number): Limiter {
  const existing = limiters.get(key);
  if (existing && existing.maxConcurrency === concurrency) return existing;
  const fresh = createLimiter(concurrency);
  limiters.set(key, fresh);
  return fresh;
}

/** The ChatModel for a backend: used by the background for runs and by the CLI. */
export function createChatModel(backend: Backend, keys: ApiKeys, options: ChatModelOptions): ChatModel {
  if (backend.kind === 'webllm') {
    if (!options.webllm) throw new FactCheckError('internal', 'The local model engine is not available here.');
    return webllmChatModel({
      engine: options.webllm.engine,
      model: options.webllm.model,
      timeoutMs: options.timeoutMs,
      limiter: limiterFor('webllm', 1),
    });
  }
  const provider = PROVIDERS[backend.provider];
  const apiKey = keys[backend.provider]?.trim() || undefined;
  if (provider.needsKey && !apiKey) {
    throw new FactCheckError('bad-key', `No API key for ${provider.label}: add one in the extension's options.`);
  }
  return provider.createModel({
    model: backend.model,
    apiKey,
    baseUrl: backend.baseUrl,
    limiter: limiterFor(`${backend.provider}:${backend.baseUrl ?? provider.defaultBaseUrl ?? ''}`, options.concurrency),
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    retry: options.retry,
    permissionMissing: options.permissionMissing,
  });
}
