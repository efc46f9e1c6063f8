import { FactCheckError } from '../lib/core/errors';

/** Bad command-line input: exit code 2 with a one-line reason. */
export class UsageError extends FactCheckError {
  constructor(message: string) {
    super('bad-input', message);
    this.name = 'UsageError';
  }
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof FactCheckError && (error.code === 'bad-input' || error.code === 'unsupported-page')) return 2;
  return 1;
}
