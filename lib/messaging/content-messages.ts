import { z } from 'zod';
import { AnswerBoxSchema } from '../core/serp-capture';
import { SourceSchema } from '../core/source';

const MAX_TEXT = 5_000;
const MAX_RESULTS = 100;

/** Oversize page text is cut, not refused: one absurd snippet must not lose the whole page. */
const pageText = z.string().transform((text) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text));

const ReadResultSchema = z.object({
  title: pageText,
  url: z.url({ protocol: /^https?$/ }),
  snippet: pageText,
  kind: SourceSchema.shape.kind,
});

/** What the content script read, before the background stamps ranks, ids and domains on it. */
export const PageReadingSchema = z.object({
  query: pageText,
  // A result that does not parse (say, a javascript: link) is dropped; the rest of the page is kept.
  results: z.array(z.unknown()).transform((items) =>
    items
      .flatMap((item) => {
        const parsed = ReadResultSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      })
      .slice(0, MAX_RESULTS),
  ),
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
  z.object({ type: z.literal('capture-failed'), engine: z.string(), url: z.url(), reason: pageText }),
  // The one question a content script may ask: which engines are on. Settings and keys are not
  // readable from content scripts (storage.local is limited to the extension's own pages).
  z.object({ type: z.literal('get-page-settings') }),
]);
export type ContentMessage = z.input<typeof ContentMessageSchema>;
