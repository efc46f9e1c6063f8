import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { RequestTimeoutError, TruncatedStreamError, toProviderError } from '@/lib/llm/errors';

const context = { service: 'OpenAI', model: 'gpt-4o-mini', origin: 'https://api.openai.com' };
const http = (statusCode: number, responseBody = '', responseHeaders: Record<string, string> = {}) =>
  new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'u',
    requestBodyValues: {},
    statusCode,
    responseBody,
    responseHeaders,
  });

describe('toProviderError', () => {
  it.each([
    [http(401), 'bad-key', false],
    [http(403), 'bad-key', false],
    [http(400, '{"error":{"status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}'), 'bad-key', false],
    [http(402), 'quota', false],
    [http(429, '{"error":{"code":"insufficient_quota"}}'), 'quota', false],
    [http(429, '', { 'retry-after': '2' }), 'rate-limited', true],
    [http(404, '{"error":{"code":"model_not_found"}}'), 'unknown-model', false],
    [http(500), 'endpoint-unreachable', true],
    [http(503), 'endpoint-unreachable', true],
    [http(400, 'context length exceeded'), 'bad-input', false],
    [new TypeError('Failed to fetch'), 'endpoint-unreachable', true],
    ['TypeError: Failed to fetch', 'endpoint-unreachable', true],
    [new TruncatedStreamError(), 'endpoint-unreachable', true],
    [new RequestTimeoutError(30_000), 'timeout', false],
    [new DOMException('aborted', 'AbortError'), 'cancelled', false],
  ])('%s → %s', (error, code, retryable) => {
    const mapped = toProviderError(error, context);
    expect(mapped.code).toBe(code);
    expect(mapped.retryable).toBe(retryable);
    expect(mapped.message.length).toBeGreaterThan(20);
  });

  it('a bare "Failed to fetch" without host permission asks for it', () => {
    const mapped = toProviderError(new TypeError('Failed to fetch'), context, { permissionMissing: true });
    expect(mapped.code).toBe('permission-needed');
    expect(mapped.message).toContain('https://api.openai.com');
  });

  it('keeps the wait the server asked for', () => {
    expect(toProviderError(http(429, '', { 'retry-after': '2' }), context)).toMatchObject({ retryAfterMs: 2_000 });
  });
});
