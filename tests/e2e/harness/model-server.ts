import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route } from './https-server';

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  response_format?: unknown;
}

/** Decides what the scripted model says to one request. */
export type Responder = (request: ChatCompletionRequest) => string;

export interface RecordedRequest {
  host: string;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/**
 * An OpenAI-compatible chat completions endpoint speaking the real wire format
 * (JSON, or SSE chunks ending in [DONE] when stream is true), for the end-to-end tests.
 */
export function openAiCompatibleRoute(options: {
  host: string;
  respond: Responder;
  models?: string[];
  log?: RecordedRequest[];
  /** Answers chat requests only after this long, like a slow model. */
  delayMs?: number;
}): Route {
  return (request, response) => {
    const host = (request.headers.host ?? '').split(':')[0] ?? '';
    if (host !== options.host) return false;
    void handle(request, response, host, options);
    return true;
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  host: string,
  options: { respond: Responder; models?: string[]; log?: RecordedRequest[]; delayMs?: number },
) {
  const body = await readBody(request);
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  options.log?.push({ host, method: request.method ?? 'GET', path, headers: request.headers, body });
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS).end();
    return;
  }
  if (path.endsWith('/models')) {
    const data = (options.models ?? ['scripted-model']).map((id) => ({ id, object: 'model', owned_by: 'tests' }));
    response
      .writeHead(200, { 'content-type': 'application/json', ...CORS })
      .end(JSON.stringify({ object: 'list', data }));
    return;
  }
  if (!path.endsWith('/chat/completions')) {
    response.writeHead(404, CORS).end();
    return;
  }
  const chat = JSON.parse(body) as ChatCompletionRequest;
  if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  if (response.destroyed) return;
  const text = options.respond(chat);
  const promptTokens = Math.ceil(chat.messages.reduce((n, m) => n + m.content.length, 0) / 4);
  const completionTokens = Math.ceil(text.length / 4);
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (!chat.stream) {
    response.writeHead(200, { 'content-type': 'application/json', ...CORS }).end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model: chat.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage,
      }),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...CORS });
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: chat.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }, null));
  for (const piece of text.match(/.{1,12}/gs) ?? []) response.write(chunk({ content: piece }, null));
  response.write(chunk({}, 'stop', { usage }));
  response.end('data: [DONE]\n\n');
}
