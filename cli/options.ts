import type { z } from 'zod';
import { UsageError } from './errors';

/** Validates parsed command-line options; the first problem becomes a one-line reason. */
export function parseOptions<T>(schema: z.ZodType<T>, values: unknown): T {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `--${issue.path.join('.')}: ` : '';
  throw new UsageError(`${where}${issue?.message ?? 'invalid options'}`);
}
