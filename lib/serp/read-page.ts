import type { PageReading, SerpAdapter } from './adapter';

/** Reads a page in the content script; a reading with no results is reported as a failure with a reason. */
export function readPage(adapter: SerpAdapter, doc: Document, url: URL): { reading: PageReading } | { reason: string } {
  try {
    const reading = adapter.read(doc, url);
    if (reading && reading.results.length > 0) return { reading };
    return { reason: `No search results could be read from this ${adapter.label} page.` };
  } catch (error) {
    return {
      reason: `Reading this ${adapter.label} page failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
