import type { ChatModel } from '../chat-model';
import type { Limiter } from '../limit';
import type { RetryPolicy } from '../retry';

/** What every provider file needs to build a ChatModel. */
export interface ProviderModelOptions {
  model: string;
  apiKey?: string;
  /** Overrides the provider's default endpoint (required for OpenAI-compatible servers). */
  baseUrl?: string;
  limiter: Limiter;
  timeoutMs: number;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Tells a missing host permission apart from an unreachable server (extension only). */
  permissionMissing?: (origin: string) => Promise<boolean>;
}

/** What listing a provider's models needs. */
export interface ListModelsOptions {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  permissionMissing?: (origin: string) => Promise<boolean>;
}

/** One provider: how to build its ChatModel and how to list what it serves. */
export interface ProviderDefinition {
  /** For messages: "OpenAI", "Anthropic", ... */
  label: string;
  defaultBaseUrl: string | undefined;
  needsKey: boolean;
  createModel(options: ProviderModelOptions): ChatModel;
  listModels(options: ListModelsOptions): Promise<string[]>;
}

/** "https://api.openai.com" from "https://api.openai.com/v1/": what a host permission is granted for. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The call controls every provider passes through unchanged to the shared streaming loop. */
export function callControls(options: ProviderModelOptions) {
  return {
    limiter: options.limiter,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    permissionMissing: options.permissionMissing,
  };
}
