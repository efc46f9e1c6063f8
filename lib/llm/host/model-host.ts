import { FactCheckError } from '../../core/errors';
import type { ApiKeys } from '../../core/settings';
import type { ChatResult } from '../chat-model';
import { createChatModel } from '../factory';
import { type ConnectionCheck, testConnection } from '../test-connection';
import type { LocalEngine } from '../webllm/local-engine';
import type { HostedConnectionTarget, HostedGenerate } from './calls';

export type { HostedConnectionTarget, HostedGenerate } from './calls';

/**
 * Everything that talks to a model, in one place that is not the service worker: the local
 * engine and the remote providers. The engine (lib/engine) calls it in-process, in the offscreen
 * document (Chrome) or the background page (Firefox).
 */
export interface ModelHost extends LocalEngine {
  generate(call: HostedGenerate, onToken: (delta: string) => void, signal?: AbortSignal): Promise<ChatResult>;
  testConnection(target: HostedConnectionTarget): Promise<ConnectionCheck>;
}

/** The host: builds the ChatModel for each call (limiters are shared per backend by the factory). */
export function createModelHost(local: LocalEngine, options: { fetch?: typeof fetch } = {}): ModelHost {
  const permissionCheck = (granted: boolean) => async () => !granted;
  return {
    ...local,
    async generate(call, onToken, signal) {
      const keys: ApiKeys = call.keys;
      if (call.backend.kind === 'webllm' && !call.localModel) {
        throw new FactCheckError('internal', 'No local model was chosen for this call.');
      }
      const model = createChatModel(call.backend, keys, {
        concurrency: call.concurrency,
        timeoutMs: call.timeoutMs,
        fetch: options.fetch,
        permissionMissing: permissionCheck(call.hostPermission),
        webllm: call.localModel ? { engine: local, model: call.localModel } : undefined,
      });
      return model.generate({ ...call.request, signal, onToken });
    },
    testConnection(target) {
      return testConnection(target, target.keys, {
        timeoutMs: target.timeoutMs,
        fetch: options.fetch,
        permissionMissing: permissionCheck(target.hostPermission),
      });
    },
  };
}

/** A LocalEngine that loads its implementation on first use (WebLLM is 6 MB: provider-only users never load it). */
export function lazyLocalEngine(load: () => Promise<LocalEngine>): LocalEngine {
  let engine: Promise<LocalEngine> | undefined;
  const get = () => {
    engine ??= load();
    engine.catch(() => {
      engine = undefined;
    });
    return engine;
  };
  return {
    gpuStatus: async () => (await get()).gpuStatus(),
    listModels: async () => (await get()).listModels(),
    load: async (model, onProgress, signal) => (await get()).load(model, onProgress, signal),
    chat: async (request, onToken, signal) => (await get()).chat(request, onToken, signal),
    deleteCached: async (model) => (await get()).deleteCached(model),
    unload: async () => (engine ? (await engine).unload() : undefined),
  };
}
