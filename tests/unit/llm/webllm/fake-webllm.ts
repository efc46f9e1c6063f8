import type { AdapterLike, GpuLike } from '@/lib/llm/webllm/gpu';
import type { MlcEngineLike, WebLlmApi, WebLlmChatRequest } from '@/lib/llm/webllm/host';

export const record = (id: string, vram: number, extra: Record<string, unknown> = {}) => ({
  model: `https://huggingface.co/mlc-ai/${id}`,
  model_id: id,
  model_lib: 'lib.wasm',
  vram_required_MB: vram,
  low_resource_required: true,
  overrides: { context_window_size: 4096 },
  ...extra,
});

export const MODEL_LIST = [
  record('Qwen2.5-1.5B-Instruct-q4f16_1-MLC', 1629.75),
  record('Qwen2.5-1.5B-Instruct-q4f32_1-MLC', 1888.97),
  record('SmolLM2-360M-Instruct-q4f16_1-MLC', 376.06, { required_features: ['shader-f16'] }),
  record('SmolLM2-360M-Instruct-q4f32_1-MLC', 579.61),
  record('Llama-3.2-3B-Instruct-q4f16_1-MLC', 2263.69),
  record('SmolLM2-360M-Instruct-q0f32-MLC', 1743.99),
  record('gemma-2-2b-it-q4f16_1-MLC-1k', 1583.3, { overrides: { context_window_size: 1024 } }),
  record('Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC', 1629.75),
  record('snowflake-arctic-embed-m-q0f32-MLC-b4', 500, { model_type: 1 }),
  record('Llama-3.1-70B-Instruct-q3f16_1-MLC', 31153),
  { model_id: 42 },
];

export function fakeGpu(features: string[] | null, fallback = false): GpuLike {
  return {
    async requestAdapter() {
      if (!features) return null;
      const adapter: AdapterLike = { features: new Set(features), isFallbackAdapter: fallback };
      return adapter;
    },
  };
}

/** A scripted MLCEngine that records what was asked of it. */
export class FakeMlcEngine implements MlcEngineLike {
  calls: string[] = [];
  requests: WebLlmChatRequest[] = [];
  progress: ((report: { progress: number; text: string }) => void) | undefined;
  /** What reload does: resolve after reporting progress, or reject, or hang until unload. */
  reloadBehaviour: 'ok' | 'offline' | 'hang' = 'ok';
  reply = ['Paris', ' is', ' the', ' capital.'];
  /** Pause between streamed chunks (to cancel in the middle). */
  chunkDelayMs = 1;
  private releaseHang: (() => void) | undefined;
  private interrupted = false;
  private unloadRequested = false;

  setInitProgressCallback(callback: (report: { progress: number; text: string }) => void) {
    this.progress = callback;
  }

  async reload(model: string) {
    this.calls.push(`reload:${model}`);
    this.unloadRequested = false;
    if (this.reloadBehaviour === 'offline') {
      // What WebLLM really does offline: a plain string, not an Error.
      return Promise.reject('TypeError: Failed to fetch');
    }
    this.progress?.({ progress: 0.25, text: 'Fetching param cache[1/4]' });
    if (this.reloadBehaviour === 'hang') {
      if (this.unloadRequested) return;
      await new Promise<void>((resolve) => (this.releaseHang = resolve));
      return;
    }
    this.progress?.({ progress: 1, text: 'Finish loading on WebGPU' });
  }

  /** Makes the next chat fail the way WebLLM does, e.g. with its ContextWindowSizeExceededError. */
  chatError: Error | undefined;

  async streamChat(request: WebLlmChatRequest): Promise<AsyncIterable<unknown>> {
    this.calls.push('chat');
    if (this.chatError) throw this.chatError;
    this.requests.push(request);
    this.interrupted = false;
    const self = this;
    return (async function* () {
      for (const piece of self.reply) {
        if (self.interrupted) break;
        await new Promise((resolve) => setTimeout(resolve, self.chunkDelayMs));
        yield { choices: [{ delta: { content: piece }, finish_reason: null }] };
      }
      yield {
        choices: [{ delta: {}, finish_reason: self.interrupted ? 'abort' : 'stop' }],
        usage: { prompt_tokens: 20, completion_tokens: self.reply.length },
      };
    })();
  }

  /** Reports download progress as WebLLM would (for tests that watch a load in progress). */
  report(progress: number) {
    this.progress?.({ progress, text: `Fetching param cache ${Math.round(progress * 100)}%` });
  }

  interruptGenerate() {
    this.calls.push('interrupt');
    this.interrupted = true;
  }

  async unload() {
    this.calls.push('unload');
    this.unloadRequested = true;
    this.releaseHang?.();
    this.releaseHang = undefined;
  }
}

export function fakeApi(options: { features?: string[] | null; fallback?: boolean; cached?: string[] } = {}) {
  const engine = new FakeMlcEngine();
  const deleted: string[] = [];
  const cached = new Set(options.cached ?? []);
  const api: WebLlmApi = {
    modelList: MODEL_LIST,
    gpu: fakeGpu(options.features === undefined ? ['shader-f16'] : options.features, options.fallback),
    createEngine: () => engine,
    hasModelInCache: async (model) => cached.has(model),
    deleteModelAllInfoInCache: async (model) => {
      deleted.push(model);
      cached.delete(model);
    },
  };
  return { api, engine, deleted };
}
