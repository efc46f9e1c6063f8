import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** A saved results page as a DOM Document (fixtures: tests/fixtures/serp, origins in SOURCES.md). */
export function serpDocument(relativePath: string): Document {
  const html = readFileSync(`${FIXTURES}serp/${relativePath}`, 'utf8');
  return parseHTML(html).document as unknown as Document;
}
