import {
  deleteModelAllInfoInCache,
  hasModelInCache,
  type InitProgressReport,
  MLCEngine,
  prebuiltAppConfig,
} from '@mlc-ai/web-llm';
import type { GpuLike } from './gpu';
import type { MlcEngineLike, WebLlmApi } from './host';

/**
 * WebLLM itself, behind the WebLlmApi seam. Importing this file pulls in ~6 MB of script:
 * only a document may import it (Chrome's offscreen document, Firefox's background page), never a service worker.
 */
export function realWebLlmApi(gpu: GpuLike | undefined): WebLlmApi {
  return {
    modelList: prebuiltAppConfig.model_list,
    gpu,
    hasModelInCache: (model) => hasModelInCache(model, prebuiltAppConfig),
    deleteModelAllInfoInCache: (model) => deleteModelAllInfoInCache(model, prebuiltAppConfig),
    createEngine(): MlcEngineLike {
      const engine = new MLCEngine({ appConfig: prebuiltAppConfig });
      return {
        setInitProgressCallback: (callback) =>
          engine.setInitProgressCallback((report: InitProgressReport) => callback(report)),
        reload: (model) => engine.reload(model),
        streamChat: (request) =>
          engine.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }),
        interruptGenerate: () => engine.interruptGenerate(),
        unload: () => engine.unload(),
      };
    },
  };
}
