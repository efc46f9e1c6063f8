import { z } from 'zod';
import { checkClaims } from '../../lib/claims/check-claims';
import type { ClaimCheck } from '../../lib/core/claim-check';
import { SerpCaptureSchema } from '../../lib/core/serp-capture';
import { RunLedger } from '../../lib/pipeline/ledger';
import { UsageError } from '../errors';
import { parseOptions } from '../options';
import { type CommandDeps, loadTrust, methodChoice, parseCommand } from './check';
import { extract } from './extract';

const ClaimsOptions = z.object({
  url: z.string({ message: '--url <page url> is required' }),
  html: z.string({ message: '--html <file> is required' }).min(1),
  trust: z.string().optional(),
});

export interface ClaimsOutput extends ClaimCheck {
  question: string;
  engine: string;
  url: string;
}

/**
 * `claims --url <page url> --html <file> --base-url <url> --model <id> [--trust <file.json>]`:
 * reads the page like the extension, checks its answer box claim by claim against its results, and
 * prints the claims, their outcomes and evidence as JSON. `--max-calls` / `--max-tokens` bound it.
 */
export async function claims(argv: string[], deps: CommandDeps = {}): Promise<ClaimsOutput> {
  const own = { url: { type: 'string' }, html: { type: 'string' }, trust: { type: 'string' } } as const;
  const { values, modelCli } = await parseCommand(argv, own, deps);
  const options = parseOptions(ClaimsOptions, values);
  const { params } = methodChoice(values);
  const capture = SerpCaptureSchema.parse(await extract(['--url', options.url, '--html', options.html]));
  if (!capture.answerBox || capture.answerBox.text.trim() === '') {
    throw new UsageError(`the page shows no answer box of the engine to check (${capture.engine})`);
  }
  const trust = await loadTrust(options.trust);
  const model = await modelCli.fromValues(values);
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once('SIGINT', abort);
  try {
    const ledger = new RunLedger({ model, params, signal: controller.signal });
    const check = await checkClaims({
      question: capture.query,
      box: capture.answerBox,
      sources: capture.results.filter((source) => !trust(source.domain).blocked),
      trust,
      ledger,
    });
    return { question: capture.query, engine: capture.engine, url: capture.url, ...check };
  } finally {
    process.off('SIGINT', abort);
  }
}
