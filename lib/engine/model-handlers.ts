import { FactCheckError } from '../core/errors';
import type { ModelLoadState } from '../messaging/requests/model';
import type { HandlerMap } from '../messaging/router';
import type { EngineContext } from './context';
import { endpointOrigin, hasHostPermission, keyFor } from './models';

type ModelRequestType =
  | 'test-connection'
  | 'webgpu-status'
  | 'list-local-models'
  | 'load-local-model'
  | 'local-model-load-state'
  | 'cancel-model-load'
  | 'delete-local-model';

/** The options page's model requests; a download runs one at a time, cancellable, its progress polled. */
export function modelHandlers(context: EngineContext): Pick<HandlerMap, ModelRequestType> {
  const { models, settings, apiKeys } = context;
  let loadState: ModelLoadState | null = null;
  let loadController: AbortController | undefined;

  const startLoad = (model: string) => {
    loadController?.abort();
    const controller = new AbortController();
    loadController = controller;
    loadState = { model, status: 'loading', progress: 0, text: 'Starting…' };
    const update = (next: Partial<ModelLoadState>) => {
      if (loadController === controller && loadState) loadState = { ...loadState, ...next };
    };
    models
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
  };

  return {
    async 'test-connection'({ provider, baseUrl, model }) {
      const { timeoutSeconds } = await settings.get();
      return models.testConnection({
        provider,
        baseUrl,
        model,
        keys: keyFor(await apiKeys.get(), provider),
        timeoutMs: Math.min(timeoutSeconds * 1000, 20_000),
        hostPermission: await hasHostPermission(context, endpointOrigin(provider, baseUrl)),
      });
    },
    'webgpu-status': () => models.gpuStatus(),
    'list-local-models': () => models.listModels(),
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
      await models.deleteCached(model);
      return null;
    },
  };
}
