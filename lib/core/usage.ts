import { z } from 'zod';

export const UsageSchema = z.object({
  calls: z.number().int().nonnegative(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  ms: z.number().nonnegative(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const emptyUsage = (): Usage => ({ calls: 0, promptTokens: 0, completionTokens: 0, ms: 0 });
