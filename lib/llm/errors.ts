import { APICallError, JSONParseError, TypeValidationError } from 'ai';
import { type ErrorCode, FactCheckError, isAbortError } from '../core/errors';

/** A provider failure, with what the retry helper needs to decide. */
export class ProviderError extends FactCheckError {
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** How long the server asked us to wait (Retry-After), when it did. */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; retryable?: boolean; status?: number; retryAfterMs?: number } = {},
  ) {
    super(code, message, options);
    this.name = 'ProviderError';
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** What the messages name: the person should know which service and which model failed. */
export interface ErrorContext {
  /** "OpenAI", "Anthropic", "Gemini", or "the server at http://127.0.0.1:11434". */
  service: string;
  model: string;
  /** The endpoint's origin, for host-permission advice. */
  origin?: string;
}

/** Thrown by our own per-request timer, so it is never mistaken for the person's cancel. */
export class RequestTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no response within ${seconds(ms)}`);
    this.name = 'RequestTimeoutError';
  }
}

/** The stream ended before the model said it was done (connection dropped mid-answer). */
export class TruncatedStreamError extends Error {
  constructor() {
    super('the response stream ended before the answer was complete');
    this.name = 'TruncatedStreamError';
  }
}

/** "0.6 s", "60 s": whole seconds unless that would round to nothing. */
export const seconds = (ms: number) => `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)} s`;

/** Parses Retry-After (seconds or an HTTP date) and OpenAI's retry-after-ms. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const ms = Number(lower['retry-after-ms']);
  if (lower['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = lower['retry-after'];
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (raw.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** True for the bare network failure a browser reports for DNS, refused connections, CORS and missing host permission. */
export function isNetworkFailure(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : undefined;
  if (!text) return false;
  return /Failed to fetch|fetch failed|NetworkError|Load failed|ECONNREFUSED|ENOTFOUND|ECONNRESET|terminated|socket hang up|other side closed/i.test(
    text,
  );
}

function bodyText(error: APICallError): string {
  return `${error.responseBody ?? ''} ${error.message}`.toLowerCase();
}

function fromStatus(error: APICallError, context: ErrorContext): FactCheckError {
  const status = error.statusCode ?? 0;
  const body = bodyText(error);
  const base = { cause: error, status, retryAfterMs: retryAfterMs(error.responseHeaders) };
  const { service, model } = context;
  // Anthropic's SDK reports an unreadable first stream event as a 500 carrying the parse error.
  if (body.includes('ai_jsonparseerror') || body.includes('ai_typevalidationerror')) {
    return toProviderError(new JSONParseError({ text: error.responseBody ?? '', cause: error }), context);
  }
  if (status === 402 || body.includes('insufficient_quota') || body.includes('credit balance')) {
    return new ProviderError(
      'quota',
      `${service} refused the request: the account has no quota or credit left. Add credit or use another key.`,
      { ...base, retryable: false },
    );
  }
  // Gemini answers a wrong key with 400 API_KEY_INVALID rather than 401.
  if (status === 401 || status === 403 || body.includes('api_key_invalid') || body.includes('api key not valid')) {
    return new ProviderError(
      'bad-key',
      `${service} rejected the API key (HTTP ${status}). Check the key in the extension's options.`,
      { ...base, retryable: false },
    );
  }
  if (status === 404 || body.includes('model_not_found') || body.includes('does not exist')) {
    return new ProviderError(
      'unknown-model',
      `${service} does not know the model "${model}" (HTTP ${status}). Pick a model from "Test connection" in the options.`,
      { ...base, retryable: false },
    );
  }
  if (status === 429) {
    const wait = base.retryAfterMs === undefined ? '' : ` It asked to wait ${Math.ceil(base.retryAfterMs / 1000)} s.`;
    return new ProviderError(
      'rate-limited',
      `${service} is rate-limiting requests (HTTP 429).${wait} Try again shortly.`,
      {
        ...base,
        retryable: true,
      },
    );
  }
  if (status === 408 || status === 409 || status >= 500) {
    return new ProviderError(
      'endpoint-unreachable',
      `${service} had a server error (HTTP ${status}). Try again in a moment.`,
      { ...base, retryable: true },
    );
  }
  const detail = (error.responseBody ?? error.message).slice(0, 200);
  return new ProviderError('bad-input', `${service} refused the request (HTTP ${status}): ${detail}`, {
    ...base,
    retryable: false,
  });
}

/**
 * Maps anything a provider call can throw to a FactCheckError whose message says what to do.
 * A missing host permission looks exactly like an unreachable server; `permissionMissing`
 * lets the caller (who can ask the browser) tell them apart.
 */
export function toProviderError(
  error: unknown,
  context: ErrorContext,
  options: { permissionMissing?: boolean } = {},
): FactCheckError {
  if (error instanceof FactCheckError) return error;
  if (error instanceof RequestTimeoutError) {
    return new ProviderError(
      'timeout',
      `${context.service} did not answer within ${seconds(error.ms)}. Try again, or raise the timeout in the options.`,
      { cause: error, retryable: false },
    );
  }
  if (isAbortError(error)) return new ProviderError('cancelled', 'The check was cancelled.', { cause: error });
  if (APICallError.isInstance(error)) {
    if (error.statusCode !== undefined && error.statusCode >= 300) return fromStatus(error, context);
    // A 2xx whose body failed while being read: the connection dropped mid-answer.
    if (error.statusCode !== undefined) {
      return toProviderError(
        isNetworkFailure(error.cause)
          ? new TruncatedStreamError()
          : new JSONParseError({ text: '', cause: error.cause }),
        context,
        options,
      );
    }
    return toProviderError(error.cause ?? new TypeError('Failed to fetch'), context, options);
  }
  if (error instanceof TruncatedStreamError) {
    return new ProviderError(
      'endpoint-unreachable',
      `The connection to ${context.service} dropped in the middle of the answer. Try again.`,
      { cause: error, retryable: true },
    );
  }
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) {
    return new ProviderError(
      'malformed-output',
      `${context.service} sent a response that is not in the expected format. Check the base URL points at an OpenAI-, Anthropic- or Gemini-style API.`,
      { cause: error, retryable: false },
    );
  }
  if (isNetworkFailure(error)) {
    if (options.permissionMissing && context.origin) {
      return new ProviderError(
        'permission-needed',
        `The extension may not contact ${context.origin} yet. Open the options, Backend, and press "Allow access".`,
        { cause: error, retryable: false },
      );
    }
    return new ProviderError(
      'endpoint-unreachable',
      `Could not reach ${context.service}${context.origin && !context.service.includes(context.origin) ? ` at ${context.origin}` : ''}. Check that it is running and the address is right.`,
      { cause: error, retryable: true },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('internal', `${context.service} failed: ${message.slice(0, 300)}`, { cause: error });
}
