import { CAPTURE_CAPS } from '../core/capture-caps';
import type { PageReading, RawResult, SerpAdapter } from './adapter';
import { PageBlockedError } from './page-blocked';
import { readingVisibleOnly, type TextVisibility, UnreadablePageError } from './text';

/** A reading fit for messaging: the results without their page elements. */
export type PortableReading = Omit<PageReading, 'results'> & { results: Omit<RawResult, 'element'>[] };

export type PageOutcome =
  | { reading: PortableReading; elements: Map<string, Element> }
  | { reason: string; blocked: boolean };

const capped = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Splits the elements off a reading: they stay in the page (for badges), the rest is sent, cut to the caps the background enforces. */
export function portable(reading: PageReading): { reading: PortableReading; elements: Map<string, Element> } {
  const elements = new Map<string, Element>();
  const results = reading.results
    .filter((result) => result.url.length <= CAPTURE_CAPS.url)
    .slice(0, CAPTURE_CAPS.results)
    .map(({ element, ...result }) => {
      if (element && !elements.has(result.url)) elements.set(result.url, element);
      return {
        ...result,
        title: capped(result.title, CAPTURE_CAPS.text),
        snippet: capped(result.snippet, CAPTURE_CAPS.text),
      };
    });
  const { answerBox } = reading;
  return {
    reading: {
      ...reading,
      query: capped(reading.query, CAPTURE_CAPS.text),
      results,
      ...(answerBox
        ? {
            answerBox: {
              ...answerBox,
              text: capped(answerBox.text, CAPTURE_CAPS.answer),
              sourceUrls: answerBox.sourceUrls
                .filter((url) => url.length <= CAPTURE_CAPS.url)
                .slice(0, CAPTURE_CAPS.answerSources),
            },
          }
        : {}),
    },
    elements,
  };
}

/**
 * Reads a page in the content script; a page with nothing to read is reported with a reason, never
 * thrown. With `visibility` (a live page), only what a person sees is read: hidden text is left out
 * of every field and a result whose element is hidden is dropped whole.
 */
export function readPage(adapter: SerpAdapter, doc: Document, url: URL, visibility?: TextVisibility): PageOutcome {
  try {
    const read = () => {
      const reading = adapter.read(doc, url);
      if (!reading || !visibility) return reading;
      const shown = reading.results.filter((result) => !(result.element && visibility.isHidden(result.element)));
      return { ...reading, results: shown };
    };
    const reading = visibility ? readingVisibleOnly(visibility, read) : read();
    if (reading && reading.results.length > 0) return portable(reading);
    return { reason: `No search results could be read from this ${adapter.label} page.`, blocked: false };
  } catch (error) {
    if (error instanceof PageBlockedError) return { reason: error.message, blocked: true };
    if (error instanceof UnreadablePageError) return { reason: error.message, blocked: false };
    return {
      reason: `Reading this ${adapter.label} page failed: ${error instanceof Error ? error.message : String(error)}`,
      blocked: false,
    };
  }
}

/**
 * What a page showed, in a form cheap to compare: the content script sends a reading only when this
 * changes. The engine's own answer counts (Google's AI Overview streams in after the results).
 */
export function outcomeSignature(url: URL, outcome: PageOutcome): string {
  if (!('reading' in outcome)) return `${url.href}\n${outcome.reason}`;
  const { query, results, answerBox } = outcome.reading;
  const answer = answerBox ? `${answerBox.kind}:${answerBox.text.length}` : '';
  return `${url.href}\n${query}\n${answer}\n${results.map((result) => result.url).join('\n')}`;
}
