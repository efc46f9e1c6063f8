import { FactCheckError } from '../core/errors';
import type { ApiKeys, ProviderId, Settings } from '../core/settings';
import type { ChatModel } from '../llm/chat-model';
import { hostedChatModel } from '../llm/host/hosted-model';
import type { ModelHost } from '../llm/host/model-host';
import type { LoadProgress } from '../llm/webllm/local-engine';
import type { EngineContext } from './context';

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
export async function hasHostPermission(context: EngineContext, origin: string | undefined): Promise<boolean> {
  if (!origin) return true;
  return context.services.hasHostPermission(origin).catch(() => false);
}

/** Only the key of the backend in use is handed to the model code. */
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
  context: EngineContext,
  settings: Settings,
  onProgress: (progress: LoadProgress) => void,
  signal: AbortSignal,
): Promise<ChatModel> {
  const { backend } = settings;
  const { models } = context;
  const common = {
    backend,
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutSeconds * 1000,
    hostPermission: await hasHostPermission(
      context,
      backend.kind === 'provider' ? endpointOrigin(backend.provider, backend.baseUrl) : undefined,
    ),
  };
  if (backend.kind === 'provider') {
    const keys = keyFor(await context.apiKeys.get(), backend.provider);
    if (backend.provider !== 'openai-compatible' && !keys[backend.provider]) {
      throw new FactCheckError('bad-key', "No API key for this provider: add one in the extension's options.");
    }
    return hostedChatModel(models, { ...common, keys });
  }
  const localModel = await resolveLocalModel(models, backend.model);
  await models.load(localModel, onProgress, signal);
  return hostedChatModel(models, { ...common, keys: {}, localModel });
}
