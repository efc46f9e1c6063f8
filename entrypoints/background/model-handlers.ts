import { FactCheckError } from '@/lib/core/errors';
import { testConnection } from '@/lib/llm/test-connection';
import type { ModelLoadState } from '@/lib/messaging/requests/model';
import type { HandlerMap } from '@/lib/messaging/router';
import { apiKeys, settings } from '@/lib/storage/browser-areas';
import { localEngine, modelOptions } from './model-host';

type ModelRequestType =
  | 'test-connection'
  | 'webgpu-status'
  | 'list-local-models'
  | 'load-local-model'
  | 'local-model-load-state'
  | 'cancel-model-load'
  | 'delete-local-model';

/** The options page's download of a local model: one at a time, cancellable, its progress polled. */
let loadState: ModelLoadState | null = null;
let loadController: AbortController | undefined;

function startLoad(model: string) {
  loadController?.abort();
  const controller = new AbortController();
  loadController = controller;
  loadState = { model, status: 'loading', progress: 0, text: 'Starting…' };
  const update = (next: Partial<ModelLoadState>) => {
    if (loadController === controller && loadState) loadState = { ...loadState, ...next };
  };
  localEngine()
    .load(model, (progress) => update({ ...progress }), controller.signal)
    .then(
      () => update({ status: 'ready', progress: 1, text: 'Ready.' }),
      (error: unknown) =>
        update(
          error instanceof FactCheckError && error.code === 'cancelled'
            ? { status: 'cancelled', text: 'Download cancelled.' }
            : { status: 'failed', text: error instanceof Error ? error.message : String(error) },
        ),
    );
}

export const modelHandlers: Pick<HandlerMap, ModelRequestType> = {
  async 'test-connection'({ provider, baseUrl, model }) {
    const options = modelOptions(await settings.get());
    return testConnection({ provider, baseUrl, model }, await apiKeys.get(), {
      timeoutMs: Math.min(options.timeoutMs, 20_000),
      permissionMissing: options.permissionMissing,
    });
  },
  'webgpu-status': () => localEngine().gpuStatus(),
  'list-local-models': () => localEngine().listModels(),
  'load-local-model'({ model }) {
    startLoad(model);
    return null;
  },
  'local-model-load-state': () => loadState,
  'cancel-model-load'() {
    loadController?.abort();
    return null;
  },
  async 'delete-local-model'({ model }) {
    if (loadState?.model === model) loadController?.abort();
    await localEngine().deleteCached(model);
    return null;
  },
};
