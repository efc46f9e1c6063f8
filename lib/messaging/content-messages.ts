import { z } from 'zod';
import { CAPTURE_CAPS } from '../core/capture-caps';
import { AnswerBoxKindSchema } from '../core/serp-capture';
import { SourceSchema } from '../core/source';

const cut = (max: number) => z.string().transform((text) => (text.length > max ? `${text.slice(0, max - 1)}…` : text));
/** Oversize page text is cut, not refused: one absurd snippet must not lose the whole page. */
const pageText = cut(CAPTURE_CAPS.text);
/** An address longer than any real one is refused (its result is dropped), never cut into another. */
const pageUrl = z.url({ protocol: /^https?$/ }).max(CAPTURE_CAPS.url);

const ReadResultSchema = z.object({
  title: pageText,
  url: pageUrl,
  snippet: pageText,
  kind: SourceSchema.shape.kind,
});

const ReadAnswerSchema = z.object({
  kind: AnswerBoxKindSchema,
  text: cut(CAPTURE_CAPS.answer),
  sourceUrls: z
    .array(z.unknown())
    .transform((urls) =>
      urls
        .flatMap((url) => (pageUrl.safeParse(url).success ? [url as string] : []))
        .slice(0, CAPTURE_CAPS.answerSources),
    ),
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
      .slice(0, CAPTURE_CAPS.results),
  ),
  answerBox: ReadAnswerSchema.optional(),
  extraction: z.enum(['selectors', 'fallback']).default('selectors'),
});

/**
 * The only messages a content script may send. They report what the page shows;
 * none of them can start a run, read settings or touch keys. The content script
 * stays free of zod and tldts (it runs on every results page): the background validates.
 */
export const ContentMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('page-reading'),
    engine: z.string().max(CAPTURE_CAPS.engine),
    url: pageUrl,
    reading: PageReadingSchema,
  }),
  z.object({
    type: z.literal('capture-failed'),
    engine: z.string().max(CAPTURE_CAPS.engine),
    url: pageUrl,
    reason: pageText,
  }),
  // The one question a content script may ask: which engines are on. Settings and keys are not
  // readable from content scripts (storage.local is limited to the extension's own pages).
  z.object({ type: z.literal('get-page-settings') }),
]);
export type ContentMessage = z.input<typeof ContentMessageSchema>;
