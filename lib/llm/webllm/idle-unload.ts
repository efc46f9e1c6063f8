import type { LocalEngine } from './local-engine';

/** Ten minutes without a local request: give the GPU memory back (the weights stay cached on disk). */
export const IDLE_UNLOAD_MS = 10 * 60_000;

/** Wraps an engine so a model nobody uses is unloaded; the next request loads it again from the cache. */
export function unloadWhenIdle(engine: LocalEngine, idleMs = IDLE_UNLOAD_MS): LocalEngine {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = 0;
  const arm = () => {
    clearTimeout(timer);
    if (busy === 0) timer = setTimeout(() => void engine.unload().catch(() => undefined), idleMs);
  };
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    clearTimeout(timer);
    try {
      return await work();
    } finally {
      busy--;
      arm();
    }
  };
  return {
    gpuStatus: () => engine.gpuStatus(),
    listModels: () => engine.listModels(),
    load: (model, onProgress, signal) => track(() => engine.load(model, onProgress, signal)),
    chat: (request, onToken, signal) => track(() => engine.chat(request, onToken, signal)),
    deleteCached: (model) => engine.deleteCached(model),
    unload: () => {
      clearTimeout(timer);
      return engine.unload();
    },
  };
}
