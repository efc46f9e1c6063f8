import { z } from 'zod';
import { AnswerBoxSchema } from '../core/serp-capture';
import { SourceSchema } from '../core/source';

const MAX_TEXT = 5_000;

/** What the content script read, before the background stamps ranks, ids and domains on it. */
export const PageReadingSchema = z.object({
  query: z.string().max(MAX_TEXT),
  results: z
    .array(
      z.object({
        title: z.string().max(MAX_TEXT),
        url: z.url(),
        snippet: z.string().max(MAX_TEXT),
        kind: SourceSchema.shape.kind,
      }),
    )
    .max(200),
  answerBox: AnswerBoxSchema.optional(),
  extraction: z.enum(['selectors', 'fallback']).default('selectors'),
});

/**
 * The only messages a content script may send. They report what the page shows;
 * none of them can start a run, read settings or touch keys. The content script
 * stays free of zod and tldts (it runs on every results page): the background validates.
 */
export const ContentMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page-reading'), engine: z.string(), url: z.url(), reading: PageReadingSchema }),
  z.object({ type: z.literal('capture-failed'), engine: z.string(), url: z.url(), reason: z.string().max(500) }),
]);
export type ContentMessage = z.input<typeof ContentMessageSchema>;
