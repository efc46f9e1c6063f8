import { APICallError } from 'ai';
import type { z } from 'zod';
import { FactCheckError } from '../../core/errors';
import { startDeadline } from '../deadline';
import { type ErrorContext, isNetworkFailure, ProviderError, toProviderError } from '../errors';
import type { ListModelsOptions } from './provider-options';

/**
 * GET a provider's JSON endpoint (the model list) and validate it with zod: the same timeout,
 * cancel and error messages as a chat request.
 */
export async function getJson<T>(
  url: string,
  headers: Record<string, string>,
  schema: z.ZodType<T>,
  context: ErrorContext,
  options: ListModelsOptions,
): Promise<T> {
  const deadline = startDeadline(options.timeoutMs, options.signal);
  try {
    const init = { headers, signal: deadline.signal };
    const response = await (options.fetch ? options.fetch(url, init) : fetch(url, init));
    const body = await response.text();
    if (response.status === 404) {
      throw new ProviderError(
        'unknown-model',
        `${context.service} has no model list at ${url} (HTTP 404). Check the base URL (for Ollama: http://127.0.0.1:11434/v1).`,
        { status: 404, retryable: false },
      );
    }
    if (!response.ok) {
      throw new APICallError({
        message: `HTTP ${response.status}`,
        url,
        requestBodyValues: undefined,
        statusCode: response.status,
        responseHeaders: Object.fromEntries(response.headers.entries()),
        responseBody: body,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (cause) {
      throw new ProviderError(
        'malformed-output',
        `${context.service} answered ${url} with something that is not JSON.`,
        {
          cause,
        },
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError('malformed-output', `${context.service} sent a model list in an unexpected shape.`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  } catch (error) {
    if (error instanceof FactCheckError) throw error;
    const reason = deadline.timedOut() ?? error;
    const missing =
      isNetworkFailure(reason) && context.origin && options.permissionMissing
        ? await options.permissionMissing(context.origin)
        : false;
    throw toProviderError(reason, context, { permissionMissing: missing });
  } finally {
    deadline.dispose();
  }
}
