import type { PageReading, RawResult, SerpAdapter } from './adapter';
import { PageBlockedError } from './page-blocked';

/** A reading fit for messaging: the results without their page elements. */
export type PortableReading = Omit<PageReading, 'results'> & { results: Omit<RawResult, 'element'>[] };

export type PageOutcome =
  | { reading: PortableReading; elements: Map<string, Element> }
  | { reason: string; blocked: boolean };

/** Splits the elements off a reading: they stay in the page (for badges), the rest is sent. */
export function portable(reading: PageReading): { reading: PortableReading; elements: Map<string, Element> } {
  const elements = new Map<string, Element>();
  const results = reading.results.map(({ element, ...result }) => {
    if (element && !elements.has(result.url)) elements.set(result.url, element);
    return result;
  });
  return { reading: { ...reading, results }, elements };
}

/** Reads a page in the content script; a page with nothing to read is reported with a reason, never thrown. */
export function readPage(adapter: SerpAdapter, doc: Document, url: URL): PageOutcome {
  try {
    const reading = adapter.read(doc, url);
    if (reading && reading.results.length > 0) return portable(reading);
    return { reason: `No search results could be read from this ${adapter.label} page.`, blocked: false };
  } catch (error) {
    if (error instanceof PageBlockedError) return { reason: error.message, blocked: true };
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
