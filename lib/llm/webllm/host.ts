import { z } from 'zod';
import { FactCheckError } from '../../core/errors';
import { buildCatalogue, type LocalModel } from './catalogue';
import { type GpuLike, probeWebGpu, type WebGpuStatus } from './gpu';
import type { LoadProgress, LocalChatRequest, LocalChatResult, LocalEngine, LocalModelState } from './local-engine';
import { compatibleModels, defaultModel } from './select';

/** The slice of WebLLM's MLCEngine we drive; the real one is adapted in real-api.ts, tests pass a fake. */
export interface MlcEngineLike {
  setInitProgressCallback(callback: (report: { progress: number; text: string }) => void): void;
  reload(model: string): Promise<void>;
  /** engine.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }) */
  streamChat(request: WebLlmChatRequest): Promise<AsyncIterable<unknown>>;
  interruptGenerate(): Promise<void> | void;
  unload(): Promise<void>;
}

export interface WebLlmChatRequest {
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: 'json_object'; schema: string };
}

/** Everything of WebLLM the host needs, injectable. */
export interface WebLlmApi {
  /** prebuiltAppConfig.model_list */
  modelList: readonly unknown[];
  createEngine(): MlcEngineLike;
  hasModelInCache(model: string): Promise<boolean>;
  deleteModelAllInfoInCache(model: string): Promise<void>;
  gpu: GpuLike | undefined;
}

/** An OpenAI-style stream chunk, as WebLLM emits it. */
const ChunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).loose().optional(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

const cancelled = () => new FactCheckError('cancelled', 'The check was cancelled.');

/**
 * WebLLM rejects offline loads with a bare string "TypeError: Failed to fetch", not an Error;
 * turn every load failure into something a person can act on.
 */
export function toLoadError(error: unknown, model: string): FactCheckError {
  if (error instanceof FactCheckError) return error;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (/failed to fetch|networkerror|network error|load failed|fetch/i.test(text)) {
    return new FactCheckError(
      'model-download-failed',
      `The local model could not be downloaded: check the connection, then try again (${model} is fetched once, then kept in the browser's cache).`,
      { cause: error },
    );
  }
  if (/quota|storage|disk/i.test(text)) {
    return new FactCheckError(
      'model-download-failed',
      `There is not enough free disk space for ${model}. Free some space or pick a smaller model.`,
      { cause: error, retryable: false },
    );
  }
  if (/shader-f16|f16|webgpu|gpu|adapter|device/i.test(text)) {
    return new FactCheckError(
      'webgpu-unavailable',
      `The GPU could not run ${model} (${text.slice(0, 160)}). Pick a q4f32 model or choose a provider.`,
      { cause: error, retryable: false },
    );
  }
  return new FactCheckError('internal', `The local model failed to load: ${text.slice(0, 200)}`, { cause: error });
}

/** The real engine, living where WebGPU is (offscreen document or a page): one model loaded at a time. */
export function createWebLlmEngine(api: WebLlmApi): LocalEngine {
  const catalogue: LocalModel[] = buildCatalogue(api.modelList);
  let engine: MlcEngineLike | undefined;
  let loaded: string | undefined;
  /** The load in progress, and everyone following its progress (a run and the options page may both wait). */
  let loading: { model: string; done: Promise<void>; listeners: Set<(progress: LoadProgress) => void> } | undefined;
  let gpu: Promise<WebGpuStatus> | undefined;

  const engineOf = () => {
    engine ??= api.createEngine();
    return engine;
  };
  const gpuStatus = () => {
    gpu ??= probeWebGpu(api.gpu);
    return gpu;
  };

  async function load(model: string, onProgress: (progress: LoadProgress) => void, signal?: AbortSignal) {
    if (signal?.aborted) throw cancelled();
    if (loaded === model) return;
    if (!catalogue.some((entry) => entry.id === model)) {
      throw new FactCheckError(
        'unknown-model',
        `"${model}" is not a local model this extension offers. Pick one in the options.`,
      );
    }
    const status = await gpuStatus();
    if (!status.available) throw new FactCheckError('webgpu-unavailable', status.reason ?? 'WebGPU is not available.');
    // Another caller is loading the same model: wait for that load rather than start over.
    if (loading?.model === model) {
      const { listeners } = loading;
      listeners.add(onProgress);
      const pending = loading.done.catch((error: unknown) => Promise.reject(toLoadError(error, model)));
      return waitOrCancel(pending, signal).finally(() => listeners.delete(onProgress));
    }
    const mlc = engineOf();
    const listeners = new Set([onProgress]);
    mlc.setInitProgressCallback((report) => {
      const progress = { progress: clamp(report.progress), text: report.text };
      for (const listener of listeners) listener(progress);
    });
    const onAbort = () => void mlc.unload().catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    loaded = undefined;
    const done = mlc.reload(model);
    loading = { model, done, listeners };
    try {
      await done;
      // WebLLM resolves (not rejects) a reload that unload() aborted.
      if (signal?.aborted) throw cancelled();
      loaded = model;
    } catch (error) {
      throw signal?.aborted ? cancelled() : toLoadError(error, model);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (loading?.done === done) loading = undefined;
    }
  }

  async function unload() {
    loaded = undefined;
    await engine?.unload();
  }

  async function chat(
    request: LocalChatRequest,
    onToken: (delta: string) => void,
    signal?: AbortSignal,
  ): Promise<LocalChatResult> {
    await load(request.model, () => undefined, signal);
    const mlc = engineOf();
    const onAbort = () => void Promise.resolve(mlc.interruptGenerate()).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    let text = '';
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    try {
      const stream = await mlc.streamChat({
        messages: oneLeadingSystemMessage(request.messages),
        temperature: request.temperature,
        max_tokens: request.maxTokens,
        ...(request.jsonSchema
          ? { response_format: { type: 'json_object', schema: JSON.stringify(request.jsonSchema.schema) } }
          : {}),
      });
      for await (const raw of stream) {
        const chunk = ChunkSchema.safeParse(raw);
        if (!chunk.success) throw new FactCheckError('malformed-output', 'The local model sent an unreadable chunk.');
        const delta = chunk.data.choices[0]?.delta?.content ?? '';
        if (delta) {
          text += delta;
          onToken(delta);
        }
        if (chunk.data.usage) usage = chunk.data.usage;
      }
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      if (error instanceof FactCheckError) throw error;
      if (/context window size/i.test(String(error))) {
        throw new FactCheckError(
          'bad-input',
          "The question and its sources are longer than the local model's context. Use the fast preset, fewer sources, or a provider.",
          { cause: error, retryable: false },
        );
      }
      throw new FactCheckError('internal', `The local model failed: ${String(error).slice(0, 200)}`, { cause: error });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    // An interrupted generation ends its stream normally: the cancel must still read as a cancel.
    if (signal?.aborted) throw cancelled();
    return {
      text,
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? Math.ceil(text.length / 4),
    };
  }

  return {
    gpuStatus,
    async listModels(): Promise<LocalModelState[]> {
      const status = await gpuStatus();
      const runnable = new Set(compatibleModels(catalogue, status).map((model) => model.id));
      const recommended = defaultModel(catalogue, status)?.id;
      return Promise.all(
        catalogue.map(async (model) => ({
          ...model,
          cached: await api.hasModelInCache(model.id).catch(() => false),
          runnable: runnable.has(model.id),
          recommended: model.id === recommended,
        })),
      );
    },
    load,
    chat,
    async deleteCached(model) {
      if (loaded === model || loading?.model === model) await unload();
      await api.deleteModelAllInfoInCache(model);
    },
    unload,
  };
}

/** WebLLM accepts a system prompt only as the first message: join them there, in order. */
function oneLeadingSystemMessage(messages: WebLlmChatRequest['messages']): WebLlmChatRequest['messages'] {
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const rest = messages.filter((message) => message.role !== 'system');
  return system ? [{ role: 'system', content: system }, ...rest] : rest;
}

const clamp = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

function waitOrCancel(done: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return done;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    done.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
