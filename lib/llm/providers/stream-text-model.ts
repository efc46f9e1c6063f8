import {
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  Output,
  type ProviderMetadata,
  streamText,
} from 'ai';
import { FactCheckError } from '../../core/errors';
import type { ChatModel, ChatRequest, ChatResult } from '../chat-model';
import { startDeadline } from '../deadline';
import { type ErrorContext, isNetworkFailure, ProviderError, TruncatedStreamError, toProviderError } from '../errors';
import type { Limiter } from '../limit';
import { type RetryPolicy, withRetry } from '../retry';

/** What every AI SDK provider file hands to the shared streaming loop. */
export interface StreamTextModelConfig {
  id: string;
  language: LanguageModel;
  context: ErrorContext;
  supportsJsonSchema: boolean;
  limiter: Limiter;
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  providerOptions?: ProviderMetadata;
  /** Asks the browser whether the endpoint lacks a host permission (a bare "Failed to fetch" otherwise). */
  permissionMissing?: (origin: string) => Promise<boolean>;
}

/** Rough token count when a server reports no usage (some local servers don't). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function toPrompt(request: ChatRequest): { system: string | undefined; messages: ModelMessage[] } {
  // Anthropic and Gemini take one system prompt, not system turns: join them up front.
  const system = request.messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const messages: ModelMessage[] = request.messages.flatMap((message): ModelMessage[] =>
    message.role === 'system' ? [] : [{ role: message.role, content: message.content }],
  );
  return { system: system || undefined, messages };
}

/**
 * One request, streamed: text deltas go to onToken, errors are read from the full stream
 * (the text stream would end silently), and a stream without a finish reason counts as cut.
 */
async function streamOnce(
  config: StreamTextModelConfig,
  request: ChatRequest,
  onEmit: () => void,
): Promise<ChatResult> {
  const started = Date.now();
  const deadline = startDeadline(config.timeoutMs, request.signal);
  const { system, messages } = toPrompt(request);
  let text = '';
  try {
    const result = streamText({
      model: config.language,
      system,
      messages,
      temperature: request.temperature,
      maxOutputTokens: request.maxTokens,
      abortSignal: deadline.signal,
      maxRetries: 0, // we retry, with our own policy
      providerOptions: config.providerOptions,
      ...(request.jsonSchema && config.supportsJsonSchema
        ? {
            output: Output.object({
              schema: jsonSchema(request.jsonSchema.schema as JSONSchema7),
              name: request.jsonSchema.name,
            }),
          }
        : {}),
      onError: () => undefined, // errors are handled from fullStream below; keep the console quiet
    });
    let finish: { promptTokens: number | undefined; completionTokens: number | undefined } | undefined;
    for await (const part of result.fullStream) {
      deadline.touch();
      if (part.type === 'text-delta') {
        text += part.text;
        onEmit();
        request.onToken?.(part.text);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw deadline.signal.reason ?? new FactCheckError('cancelled', 'The check was cancelled.');
      } else if (part.type === 'finish') {
        if (part.rawFinishReason === undefined && part.finishReason === 'other') throw new TruncatedStreamError();
        if (part.finishReason === 'content-filter' && !text) {
          throw new ProviderError(
            'malformed-output',
            `${config.context.service} withheld its answer (content filter). Rephrase the search, or use another model.`,
            { retryable: false },
          );
        }
        finish = { promptTokens: part.totalUsage.inputTokens, completionTokens: part.totalUsage.outputTokens };
      }
    }
    if (!finish) throw new TruncatedStreamError();
    const promptChars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
    return {
      text,
      usage: {
        promptTokens: finish.promptTokens ?? Math.ceil(promptChars / 4),
        completionTokens: finish.completionTokens ?? estimateTokens(text),
        ms: Date.now() - started,
      },
    };
  } catch (error) {
    const reason = deadline.timedOut() ?? (request.signal?.aborted ? request.signal.reason : error);
    const { origin } = config.context;
    const permissionMissing =
      isNetworkFailure(reason) && origin && config.permissionMissing ? await config.permissionMissing(origin) : false;
    throw toProviderError(reason, config.context, { permissionMissing });
  } finally {
    deadline.dispose();
  }
}

/** A ChatModel over any AI SDK language model: queue slot, retries, timeout, cancel, typed errors. */
export function streamTextModel(config: StreamTextModelConfig): ChatModel {
  return {
    id: config.id,
    maxConcurrency: config.limiter.maxConcurrency,
    supportsJsonSchema: config.supportsJsonSchema,
    local: false,
    generate(request) {
      let emitted = false;
      return config.limiter.run(
        () =>
          withRetry(() => streamOnce(config, request, () => (emitted = true)), {
            policy: config.retry,
            signal: request.signal,
            // Once part of an answer has been shown, a retry would repeat it: fail instead.
            shouldRetry: () => !emitted,
          }),
        request.signal,
      );
    },
  };
}
