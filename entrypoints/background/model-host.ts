import { browser } from 'wxt/browser';
import { FactCheckError } from '@/lib/core/errors';
import type { Settings } from '@/lib/core/settings';
import type { ChatModel } from '@/lib/llm/chat-model';
import { type ChatModelOptions, createChatModel } from '@/lib/llm/factory';
import type { LoadProgress, LocalEngine } from '@/lib/llm/webllm/local-engine';
import { createPortEngine } from '@/lib/llm/webllm/port-client';
import { LOCAL_ENGINE_PORT } from '@/lib/llm/webllm/port-protocol';
import { apiKeys } from '@/lib/storage/browser-areas';

export type ModelLoadProgress = LoadProgress;

/**
 * WebLLM is ~6 MB of script: in the service worker it would be evaluated at every wake-up.
 * It lives in an offscreen document instead, created on first use; the background keeps only
 * a small port client (see scripts/bench-wakeup.ts for the measurements behind this).
 */
const OFFSCREEN_PATH = '/offscreen.html';

let creating: Promise<void> | undefined;

async function ensureOffscreenDocument(): Promise<void> {
  const offscreen = browser.offscreen;
  if (!offscreen) throw localModelUnsupported();
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  const existing = await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  if (existing.length > 0) return;
  // Two callers at once must not both create it (the second create would throw).
  creating ??= offscreen
    .createDocument({
      url: OFFSCREEN_PATH,
      reasons: ['WORKERS'],
      justification: 'Runs the local language model on WebGPU so the background stays small and wakes fast.',
    })
    .finally(() => {
      creating = undefined;
    });
  await creating;
}

/** Firefox has no offscreen documents (and WebGPU only on some systems): the local model is Chrome/Edge only. */
function localModelUnsupported(): FactCheckError {
  return new FactCheckError(
    'webgpu-unavailable',
    'The local model needs Chrome or Edge. In this browser, choose a provider or a local server (such as Ollama) in the options.',
    { retryable: false },
  );
}

let engine: LocalEngine | undefined;

/** The local engine, reached over a port to the offscreen document (created when first needed). */
export function localEngine(): LocalEngine {
  engine ??= createPortEngine(async () => {
    await ensureOffscreenDocument();
    return browser.runtime.connect({ name: LOCAL_ENGINE_PORT });
  });
  return engine;
}

/** A bare "Failed to fetch" with no host permission for the endpoint means: ask for it. */
async function permissionMissing(origin: string): Promise<boolean> {
  try {
    return !(await browser.permissions.contains({ origins: [`${origin}/*`] }));
  } catch {
    return false;
  }
}

export function modelOptions(settings: Settings): ChatModelOptions {
  return { concurrency: settings.concurrency, timeoutMs: settings.timeoutSeconds * 1000, permissionMissing };
}

/** The model the person chose, or the one recommended for this GPU. */
async function resolveLocalModel(local: LocalEngine, chosen: string | null): Promise<string> {
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
  if (backend.kind === 'provider') return createChatModel(backend, await apiKeys.get(), modelOptions(settings));
  const local = localEngine();
  const model = await resolveLocalModel(local, backend.model);
  await local.load(model, onProgress, signal);
  return createChatModel(backend, {}, { ...modelOptions(settings), webllm: { engine: local, model } });
}
