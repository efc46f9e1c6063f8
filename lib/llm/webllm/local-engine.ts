import { z } from 'zod';
import type { ChatMessage, JsonSchemaSpec } from '../chat-model';
import { LocalModelSchema } from './catalogue';
import type { WebGpuStatus } from './gpu';

export const LoadProgressSchema = z.object({ progress: z.number().min(0).max(1), text: z.string() });
export type LoadProgress = z.infer<typeof LoadProgressSchema>;

export const LocalModelStateSchema = LocalModelSchema.extend({
  /** Its weights are in the browser's cache: it loads without a download. */
  cached: z.boolean(),
  /** This GPU has every feature the model needs. */
  runnable: z.boolean(),
  /** What we would pick for this GPU. */
  recommended: z.boolean(),
});
export type LocalModelState = z.infer<typeof LocalModelStateSchema>;

export interface LocalChatRequest {
  /** Every request names its model, so an engine host that restarted can load it again. */
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  jsonSchema?: JsonSchemaSpec;
}

export const LocalChatResultSchema = z.object({
  text: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});
export type LocalChatResult = z.infer<typeof LocalChatResultSchema>;

/**
 * The local model engine, wherever it runs (an offscreen document behind a port, or in-process):
 * the same interface on both sides, so callers never know where the model lives.
 */
export interface LocalEngine {
  gpuStatus(): Promise<WebGpuStatus>;
  listModels(): Promise<LocalModelState[]>;
  /** Downloads (or reads from cache) and loads a model; a cancel stops the download. */
  load(model: string, onProgress: (progress: LoadProgress) => void, signal?: AbortSignal): Promise<void>;
  /** Streams one answer; a cancel interrupts the generation on the GPU. */
  chat(request: LocalChatRequest, onToken: (delta: string) => void, signal?: AbortSignal): Promise<LocalChatResult>;
  deleteCached(model: string): Promise<void>;
  /** Frees the GPU memory (and stops a load in progress). */
  unload(): Promise<void>;
}
