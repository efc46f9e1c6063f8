import type { ProviderId } from '../../core/settings';
import type { ChatModel } from '../chat-model';
import type { HostedGenerate, ModelHost } from './model-host';

/** Which backends constrain output to a JSON schema natively (kept here so the pipeline needs no SDK). */
export const SUPPORTS_JSON_SCHEMA: Record<ProviderId | 'webllm', boolean> = {
  openai: true,
  gemini: true,
  anthropic: true,
  'openai-compatible': true,
  webllm: true,
};

/**
 * The ChatModel the pipeline sees in the engine: every call goes to the model host,
 * which queues, retries, times out and maps errors; a cancel stops the request.
 */
export function hostedChatModel(host: ModelHost, base: Omit<HostedGenerate, 'request'>): ChatModel {
  const { backend } = base;
  const kind = backend.kind === 'webllm' ? 'webllm' : backend.provider;
  const model = backend.kind === 'webllm' ? (base.localModel ?? backend.model ?? 'default') : backend.model;
  return {
    id: `${kind}:${model}`,
    maxConcurrency: backend.kind === 'webllm' ? 1 : base.concurrency,
    supportsJsonSchema: SUPPORTS_JSON_SCHEMA[kind],
    local: backend.kind === 'webllm',
    generate(request) {
      const { messages, temperature, maxTokens, jsonSchema, signal, onToken } = request;
      return host.generate(
        { ...base, request: { messages, temperature, maxTokens, jsonSchema } },
        (delta) => onToken?.(delta),
        signal,
      );
    },
  };
}
