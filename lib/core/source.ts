import { z } from 'zod';

/** One search result, as the engine ranked it. Titles and snippets are untrusted text. */
export const SourceSchema = z.object({
  id: z.string().min(1),
  rank: z.number().int().positive(),
  url: z.url(),
  domain: z.string(),
  title: z.string(),
  snippet: z.string(),
  kind: z.enum(['organic', 'news', 'video', 'forum', 'other']).optional(),
});
export type Source = z.infer<typeof SourceSchema>;

/** A user-supplied source for the CLI: just enough to check against. */
export const LooseSourceSchema = z.object({
  url: z.url(),
  title: z.string().default(''),
  snippet: z.string(),
  domain: z.string().optional(),
});
export type LooseSource = z.infer<typeof LooseSourceSchema>;
