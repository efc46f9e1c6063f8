import { parseArgs } from 'node:util';
import { z } from 'zod';
import { captureWith } from '../../lib/serp/capture';
import { adapterForPage, mayBeResultsPage } from '../../lib/serp/registry';
import { UsageError } from '../errors';
import { loadDocument } from '../html';
import { parseOptions } from '../options';

const ExtractOptions = z.object({
  url: z.url({ message: '--url must be the page URL, e.g. https://www.google.com/search?q=...' }),
  html: z.string({ message: '--html <file> is required' }).min(1),
});

/** `extract --url <page url> --html <file>`: prints the SerpCapture JSON. */
export async function extract(argv: string[]): Promise<unknown> {
  const { values } = parseArgs({ args: argv, options: { url: { type: 'string' }, html: { type: 'string' } } });
  const options = parseOptions(ExtractOptions, values);
  const url = new URL(options.url);
  const unsupported = () => new UsageError(`unsupported page: no engine adapter handles ${url.host}${url.pathname}`);
  if (!mayBeResultsPage(url)) throw unsupported();
  const doc = await loadDocument(options.html);
  // SearXNG instances are known by their page, not their address.
  const adapter = adapterForPage(url, doc);
  if (!adapter) throw unsupported();
  return captureWith(adapter, doc, url);
}
