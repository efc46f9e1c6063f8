import { FactCheckError } from '../../core/errors';
import type { ChatModel } from '../chat-model';
import { startDeadline } from '../deadline';
import { seconds } from '../errors';
import { createLimiter, type Limiter } from '../limit';
import type { LocalEngine } from './local-engine';

export interface WebLlmModelOptions {
  engine: LocalEngine;
  model: string;
  /** Silence allowed before a request is given up (prefill of a long prompt is slow on small GPUs). */
  timeoutMs: number;
  /** The GPU runs one generation at a time. */
  limiter?: Limiter;
}

/** The local model as a ChatModel: one request at a time, streamed, cancellable on the GPU. */
export function webllmChatModel(options: WebLlmModelOptions): ChatModel {
  const limiter = options.limiter ?? createLimiter(1);
  return {
    id: `webllm:${options.model}`,
    maxConcurrency: 1,
    supportsJsonSchema: true,
    local: true,
    generate(request) {
      return limiter.run(async () => {
        const started = Date.now();
        const deadline = startDeadline(options.timeoutMs, request.signal);
        try {
          const result = await options.engine.chat(
            {
              model: options.model,
              messages: request.messages,
              temperature: request.temperature,
              maxTokens: request.maxTokens,
              jsonSchema: request.jsonSchema,
            },
            (delta) => {
              deadline.touch();
              request.onToken?.(delta);
            },
            deadline.signal,
          );
          return {
            text: result.text,
            usage: {
              promptTokens: result.promptTokens,
              completionTokens: result.completionTokens,
              ms: Date.now() - started,
            },
          };
        } catch (error) {
          const timedOut = deadline.timedOut();
          if (timedOut) {
            throw new FactCheckError(
              'timeout',
              `The local model produced nothing for ${seconds(timedOut.ms)}. Pick a smaller model or raise the timeout.`,
              { cause: error, retryable: false },
            );
          }
          throw error;
        } finally {
          deadline.dispose();
        }
      }, request.signal);
    },
  };
}
