import { FactCheckError } from '@/lib/core/errors';
import type { ModelLoadState } from '@/lib/messaging/requests/model';
import type { HandlerMap } from '@/lib/messaging/router';
import { apiKeys, settings } from '@/lib/storage/browser-areas';
import { endpointOrigin, hasHostPermission, keyFor, modelHost } from './model-host';

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
  void modelHost()
    .then((host) => host.load(model, (progress) => update({ ...progress }), controller.signal))
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
    const { timeoutSeconds } = await settings.get();
    return (await modelHost()).testConnection({
      provider,
      baseUrl,
      model,
      keys: keyFor(await apiKeys.get(), provider),
      timeoutMs: Math.min(timeoutSeconds * 1000, 20_000),
      hostPermission: await hasHostPermission(endpointOrigin(provider, baseUrl)),
    });
  },
  'webgpu-status': async () => (await modelHost()).gpuStatus(),
  'list-local-models': async () => (await modelHost()).listModels(),
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
    await (await modelHost()).deleteCached(model);
    return null;
  },
};
