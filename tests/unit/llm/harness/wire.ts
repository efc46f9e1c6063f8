import type { ProviderId } from '@/lib/core/settings';

/** What a provider says on the wire, so one fault suite can drive all four. */
export interface Wire {
  provider: ProviderId;
  model: string;
  /** The base URL the provider is configured with, on the test server. */
  baseUrl(serverUrl: string): string;
  /** Path prefix of a streamed chat request. */
  chatPath: string;
  modelsPath: string;
  /** The SSE frames of a streamed answer: opening frames, one per text piece, closing frames. */
  stream(pieces: readonly string[]): { open: string[]; deltas: string[]; close: string[] };
  modelList(ids: readonly string[]): unknown;
  errorBody(status: number, message: string, code?: string): unknown;
}

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

const openaiStream = (model: string) => (pieces: readonly string[]) => {
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  return {
    open: [sse(chunk({ role: 'assistant', content: '' }, null))],
    deltas: pieces.map((piece) => sse(chunk({ content: piece }, null))),
    close: [
      sse(chunk({}, 'stop')),
      sse({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model,
        choices: [],
        usage: { prompt_tokens: 12, completion_tokens: pieces.length, total_tokens: 12 + pieces.length },
      }),
      'data: [DONE]\n\n',
    ],
  };
};

const openaiError = (status: number, message: string, code?: string) => ({
  error: { message, type: status === 429 ? 'requests' : 'invalid_request_error', param: null, code: code ?? null },
});

export const openaiWire: Wire = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  baseUrl: (url) => `${url}/v1`,
  chatPath: '/v1/chat/completions',
  modelsPath: '/v1/models',
  stream: openaiStream('gpt-4o-mini'),
  modelList: (ids) => ({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 1, owned_by: 'x' })) }),
  errorBody: openaiError,
};

export const openaiCompatibleWire: Wire = {
  ...openaiWire,
  provider: 'openai-compatible',
  model: 'llama3.2',
  stream: openaiStream('llama3.2'),
};

export const anthropicWire: Wire = {
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  baseUrl: (url) => `${url}/v1`,
  chatPath: '/v1/messages',
  modelsPath: '/v1/models',
  stream: (pieces) => ({
    open: [
      sse(
        {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            content: [],
            model: 'claude-haiku-4-5',
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 12, output_tokens: 1 },
          },
        },
        'message_start',
      ),
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start'),
      sse({ type: 'ping' }, 'ping'),
    ],
    deltas: pieces.map((piece) =>
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }, 'content_block_delta'),
    ),
    close: [
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
      sse(
        {
          type: 'message_delta',
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens: pieces.length },
        },
        'message_delta',
      ),
      sse({ type: 'message_stop' }, 'message_stop'),
    ],
  }),
  modelList: (ids) => ({
    data: ids.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids.at(-1) ?? null,
  }),
  errorBody: (status, message) => ({
    type: 'error',
    error: {
      type:
        status === 401
          ? 'authentication_error'
          : status === 429
            ? 'rate_limit_error'
            : status === 404
              ? 'not_found_error'
              : 'api_error',
      message,
    },
  }),
};

export const geminiWire: Wire = {
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  baseUrl: (url) => `${url}/v1beta`,
  chatPath: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
  modelsPath: '/v1beta/models',
  stream: (pieces) => ({
    open: [],
    deltas: pieces.map((piece, index) =>
      sse({
        candidates: [
          {
            content: { parts: [{ text: piece }], role: 'model' },
            index: 0,
            ...(index === pieces.length - 1 ? { finishReason: 'STOP' } : {}),
          },
        ],
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: index + 1, totalTokenCount: 13 + index },
        modelVersion: 'gemini-2.5-flash',
      }),
    ),
    close: [],
  }),
  modelList: (ids) => ({
    models: ids.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
  }),
  errorBody: (status, message) => ({
    error: {
      code: status,
      message,
      status: status === 429 ? 'RESOURCE_EXHAUSTED' : status === 404 ? 'NOT_FOUND' : 'INTERNAL',
    },
  }),
};
