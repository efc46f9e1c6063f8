import { z } from 'zod';

/** Every failure the product can explain to a person. */
export const ErrorCodeSchema = z.enum([
  'bad-input',
  'unsupported-page',
  'no-capture',
  'bad-key',
  'quota',
  'rate-limited',
  /** A check this extension itself held back (automatic or custom-instance checks over their limit). */
  'check-limit',
  'unknown-model',
  'endpoint-unreachable',
  'permission-needed',
  'timeout',
  'cancelled',
  'malformed-output',
  'model-download-failed',
  'webgpu-unavailable',
  'budget-exceeded',
  'forbidden',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The shape an error takes when it crosses a port or a process boundary. */
export const SerializedErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  retryable: z.boolean(),
});
export type SerializedError = z.infer<typeof SerializedErrorSchema>;

const RETRYABLE_BY_DEFAULT: ReadonlySet<ErrorCode> = new Set([
  'rate-limited',
  'check-limit',
  'endpoint-unreachable',
  'timeout',
  'model-download-failed',
]);

export class FactCheckError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'FactCheckError';
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT.has(code);
  }

  toJSON(): SerializedError {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }

  static fromJSON(value: SerializedError): FactCheckError {
    return new FactCheckError(value.code, value.message, { retryable: value.retryable });
  }
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof FactCheckError && error.code === 'cancelled') ||
    (typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError')
  );
}

/** Turns anything thrown into something a person can read, never a bare "[object Object]". */
export function toSerializedError(error: unknown): SerializedError {
  if (error instanceof FactCheckError) return error.toJSON();
  if (isAbortError(error)) return { code: 'cancelled', message: 'The check was cancelled.', retryable: false };
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'An unexpected error occurred.';
  return { code: 'internal', message, retryable: false };
}
