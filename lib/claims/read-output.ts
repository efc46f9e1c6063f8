import type { z } from 'zod';
import { parseModelOutput } from '../pipeline/parse';

/**
 * The one place the claim check reads model output: JSON anywhere in the text, repaired and checked
 * against `schema`, else `fallback`'s reading of plain text; throws 'malformed-output' when neither fits.
 */
export function readModelOutput<T>(text: string, schema: z.ZodType<T>, fallback?: (text: string) => unknown): T {
  return parseModelOutput(text, schema, fallback);
}
