import { browser } from 'wxt/browser';
import { FactCheckError } from '@/lib/core/errors';
import type { ApiKeys, ProviderId, Settings } from '@/lib/core/settings';
import type { ChatModel } from '@/lib/llm/chat-model';
import { createHostClient } from '@/lib/llm/host/client';
import { hostedChatModel } from '@/lib/llm/host/hosted-model';
import type { ModelHost } from '@/lib/llm/host/model-host';
import { MODEL_HOST_PORT } from '@/lib/llm/host/protocol';
import type { LoadProgress } from '@/lib/llm/webllm/local-engine';
import { apiKeys } from '@/lib/storage/browser-areas';

export type ModelLoadProgress = LoadProgress;

/**
 * Models run in an offscreen document, not in this service worker: WebLLM is ~6 MB and the AI SDK
 * with four providers ~0.7 MB of script, and a service worker evaluates all of its script at every
 * wake-up (measured in scripts/bench-wakeup.ts). The background keeps a small port client.
 */
const OFFSCREEN_PATH = '/offscreen.html';

let creating: Promise<void> | undefined;

async function ensureOffscreenDocument(): Promise<void> {
  const offscreen = browser.offscreen;
  if (!offscreen) throw new FactCheckError('internal', 'This browser has no offscreen documents.');
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  const existing = await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  if (existing.length > 0) return;
  // Two callers at once must not both create it (the second create would throw).
  creating ??= offscreen
    .createDocument({
      url: OFFSCREEN_PATH,
      reasons: ['WORKERS'],
      justification: 'Runs the language models (local WebGPU model and provider calls) outside the service worker.',
    })
    .finally(() => {
      creating = undefined;
    });
  await creating;
}

let host: Promise<ModelHost> | undefined;

/** The model host: the offscreen document over a port in Chrome, in-process in Firefox (no offscreen there). */
export function modelHost(): Promise<ModelHost> {
  host ??= import.meta.env.FIREFOX
    ? import('./model-host-inline').then((inline) => inline.inlineModelHost())
    : Promise.resolve(
        createHostClient(async () => {
          await ensureOffscreenDocument();
          return browser.runtime.connect({ name: MODEL_HOST_PORT });
        }),
      );
  return host;
}

const DEFAULT_ENDPOINTS: Record<ProviderId, string | undefined> = {
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
  'openai-compatible': undefined,
};

/** The origin a provider's requests go to (what a host permission is granted for). */
export function endpointOrigin(provider: ProviderId, baseUrl: string | undefined): string | undefined {
  const url = baseUrl ?? DEFAULT_ENDPOINTS[provider];
  return url ? new URL(url).origin : undefined;
}

/** Whether the browser lets us reach the endpoint: without it, a request fails as a bare "Failed to fetch". */
export async function hasHostPermission(origin: string | undefined): Promise<boolean> {
  if (!origin) return true;
  try {
    return await browser.permissions.contains({ origins: [`${origin}/*`] });
  } catch {
    return false;
  }
}

/** Only the key of the backend in use travels to the host. */
export function keyFor(keys: ApiKeys, provider: keyof ApiKeys): ApiKeys {
  const key = keys[provider];
  return key ? { [provider]: key } : {};
}

/** The model the person chose, or the one recommended for this GPU. */
async function resolveLocalModel(local: ModelHost, chosen: string | null): Promise<string> {
  if (chosen) return chosen;
  const recommended = (await local.listModels()).find((model) => model.recommended);
  if (recommended) return recommended.id;
  const gpu = await local.gpuStatus();
  throw new FactCheckError(
    'webgpu-unavailable',
    gpu.reason ?? 'This GPU can run none of the local models. Choose a provider in the options.',
    { retryable: false },
  );
}

/**
 * The model for a run, built from the person's settings: a provider with its key, or the
 * local WebLLM engine (loaded on first use, with download progress).
 */
export async function modelFor(
  settings: Settings,
  onProgress: (progress: ModelLoadProgress) => void,
  signal: AbortSignal,
): Promise<ChatModel> {
  const { backend } = settings;
  const target = await modelHost();
  const common = {
    backend,
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutSeconds * 1000,
    hostPermission: await hasHostPermission(
      backend.kind === 'provider' ? endpointOrigin(backend.provider, backend.baseUrl) : undefined,
    ),
  };
  if (backend.kind === 'provider') {
    const keys = keyFor(await apiKeys.get(), backend.provider);
    if (backend.provider !== 'openai-compatible' && !keys[backend.provider]) {
      throw new FactCheckError('bad-key', "No API key for this provider: add one in the extension's options.");
    }
    return hostedChatModel(target, { ...common, keys });
  }
  const localModel = await resolveLocalModel(target, backend.model);
  await target.load(localModel, onProgress, signal);
  return hostedChatModel(target, { ...common, keys: {}, localModel });
}
