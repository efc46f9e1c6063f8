import { FactCheckError } from '../core/errors';
import { type SerpCapture, SerpCaptureSchema } from '../core/serp-capture';
import type { Source } from '../core/source';
import type { PageReading, SerpAdapter } from './adapter';
import { registrableDomain } from './domain';
import { PageBlockedError } from './page-blocked';
import { cleanText } from './text';

/** Turns an adapter's reading into a validated capture: ranks, ids, domains, no duplicate URLs. */
export function toCapture(engine: string, reading: PageReading, url: URL, now = new Date()): SerpCapture {
  const seen = new Set<string>();
  const results: Source[] = [];
  for (const raw of reading.results) {
    const key = raw.url.replace(/#.*$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    const rank = results.length + 1;
    results.push({
      id: `r${rank}`,
      rank,
      url: raw.url,
      domain: registrableDomain(raw.url),
      title: cleanText(raw.title),
      snippet: cleanText(raw.snippet),
      ...(raw.kind ? { kind: raw.kind } : {}),
    });
  }
  return SerpCaptureSchema.parse({
    engine,
    query: cleanText(reading.query),
    url: url.href,
    capturedAt: now.toISOString(),
    results,
    ...(reading.answerBox ? { answerBox: reading.answerBox } : {}),
    extraction: reading.extraction ?? 'selectors',
  });
}

/** Reads a results page with the given adapter, or says plainly why it cannot. */
export function captureWith(adapter: SerpAdapter, doc: Document, url: URL, now?: Date): SerpCapture {
  let reading: PageReading | null;
  try {
    reading = adapter.read(doc, url);
  } catch (error) {
    if (error instanceof PageBlockedError)
      throw new FactCheckError('unsupported-page', error.message, { cause: error });
    throw error;
  }
  if (!reading || reading.results.length === 0) {
    throw new FactCheckError('unsupported-page', `No search results could be read from this ${adapter.label} page.`);
  }
  return toCapture(adapter.engine, reading, url, now);
}
