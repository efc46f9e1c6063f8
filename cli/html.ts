import { readFile } from 'node:fs/promises';
import { parseHTML } from 'linkedom';
import { UsageError } from './errors';

/** Parses a saved results page into a DOM Document, the same interface the content script reads. */
export async function loadDocument(path: string): Promise<Document> {
  let html: string;
  try {
    html = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --html ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseHTML(html).document as unknown as Document;
}
