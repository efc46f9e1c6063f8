import { parseArgs } from 'node:util';
import { z } from 'zod';
import { captureWith } from '../../lib/serp/capture';
import { adapterFor } from '../../lib/serp/registry';
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
  const adapter = adapterFor(url);
  if (!adapter) throw new UsageError(`unsupported page: no engine adapter handles ${url.host}${url.pathname}`);
  const doc = await loadDocument(options.html);
  return captureWith(adapter, doc, url);
}
