import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { documentsAsSources, parseDataset, type RamDocsItem, scoreItem } from '../cli/commands/eval';
import { UsageError } from '../cli/errors';
import { MODEL_CLI_OPTIONS, modelFromCli } from '../cli/model-options';
import { parseOptions } from '../cli/options';
import { toSerializedError } from '../lib/core/errors';
import { MethodParamsSchema } from '../lib/core/settings';
import { type Method, MethodSchema } from '../lib/core/verdict';
import type { ChatModel, ChatRequest, ChatResult } from '../lib/llm/chat-model';
import { runCheck } from '../lib/pipeline/run-check';
import { NEUTRAL_TRUST } from '../lib/trust/types';
import { ramdocsReaderRules } from '../tests/unit/helpers/ramdocs-reader';
import { scriptedModel, serveOpenAiCompatible } from '../tests/unit/helpers/scripted-model';

/**
 * What each method costs per question on RAMDocs-shaped input (one result per document): model
 * calls, prompt and completion tokens, exact match, and the time the calls take on a model that
 * serves one request at a time (WebLLM, a local server), computed from the tokens at the stated
 * prefill and decode speeds: Σ prompt / prefill + Σ completion / decode ("measured s" is the
 * backends' own time, real against a server). "First answer" is the
 * same for the calls finished when the first verdict (partial or final) reaches the caller.
 *
 *   npm run bench:cost [-- --limit 100 --methods madam,auto --prefill 300 --decode 20]
 *   npm run bench:cost -- --reader server          the same reader behind a local OpenAI-compatible server
 *   npm run bench:cost -- --base-url http://127.0.0.1:8080/v1 --model qwen2.5-1.5b   any server
 *   npm run bench:cost -- --dataset ../shared/bench/ramdocs/RAMDocs_test.jsonl        all 500 items
 *   npm run bench:cost -- --local --shuffle 1     as on WebLLM (κ-RRSS), documents in random order
 *
 * The default reader (tests/unit/helpers/ramdocs-reader.ts) answers every document as RAMDocs
 * annotates it, so every method reads the same answers and only cost and combination differ.
 */

const DEFAULT_DATASET = new URL('../tests/fixtures/bench/ramdocs-test-first100.jsonl', import.meta.url).pathname;

const Options = z.object({
  dataset: z.string().default(DEFAULT_DATASET),
  limit: z.coerce.number().int().positive().optional(),
  offset: z.coerce.number().int().nonnegative().default(0),
  methods: z
    .string()
    .default('norag,concat,astute,madam,auto')
    .transform((list) => list.split(',').map((name) => name.trim()))
    .pipe(z.array(MethodSchema).min(1)),
  reader: z.enum(['scripted', 'server']).default('scripted'),
  /** Tokens per second a one-slot model reads a prompt at (prefill) and writes at (decode). */
  prefill: z.coerce.number().positive().default(400),
  decode: z.coerce.number().positive().default(25),
  /** Mark the model local (as WebLLM is): κ-RRSS then caps the agents. */
  local: z.boolean().default(false),
  /**
   * Shuffle each item's documents with this seed: RAMDocs lists correct documents first, so in file
   * order κ-RRSS (which asks in rank order among equally trusted sites) rarely reaches the misinformation.
   */
  shuffle: z.coerce.number().int().nonnegative().optional(),
  /** Method parameters (κ, T) other than the papers' defaults. */
  kappa: z.coerce.number().int().positive().optional(),
  rounds: z.coerce.number().int().positive().optional(),
  json: z.string().optional(),
});

/** A seeded permutation (mulberry32), so a shuffled run can be repeated. */
function shuffled<T>(list: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

interface CallRecord {
  promptTokens: number;
  completionTokens: number;
  /** As the backend took it (real on a server, near 0 for the in-process reader). */
  ms: number;
}

/** One slot: the calls of a run queue one after another, as on WebLLM or a one-request server. */
function oneSlot(model: ChatModel, local: boolean, log: CallRecord[]): ChatModel {
  return {
    id: model.id,
    maxConcurrency: 1,
    supportsJsonSchema: model.supportsJsonSchema,
    local,
    async generate(request: ChatRequest): Promise<ChatResult> {
      const result = await model.generate(request);
      log.push({
        promptTokens: result.usage.promptTokens,
        completionTokens: result.usage.completionTokens,
        ms: result.usage.ms,
      });
      return result;
    },
  };
}

interface ItemCost {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  seconds: number;
  measuredSeconds: number;
  firstCalls: number;
  firstSeconds: number;
  exactMatch: boolean;
  error?: string;
}

async function measureItem(
  item: RamDocsItem,
  method: Method,
  base: ChatModel,
  options: z.infer<typeof Options>,
): Promise<ItemCost> {
  const log: CallRecord[] = [];
  const model = oneSlot(base, options.local, log);
  const secondsOf = (calls: CallRecord[]) =>
    calls.reduce((sum, call) => sum + call.promptTokens / options.prefill + call.completionTokens / options.decode, 0);
  let firstCalls: number | null = null;
  try {
    const verdict = await runCheck({
      question: item.question,
      sources: documentsAsSources(item),
      method,
      params: MethodParamsSchema.parse({
        ...(options.kappa === undefined ? {} : { kappa: options.kappa }),
        ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
      }),
      model,
      trust: () => NEUTRAL_TRUST,
      emit: (event) => {
        if (event.type === 'partial' && firstCalls === null) firstCalls = log.length;
      },
    });
    const first = log.slice(0, firstCalls ?? log.length);
    return {
      calls: log.length,
      promptTokens: log.reduce((sum, call) => sum + call.promptTokens, 0),
      completionTokens: log.reduce((sum, call) => sum + call.completionTokens, 0),
      seconds: secondsOf(log),
      measuredSeconds: log.reduce((sum, call) => sum + call.ms, 0) / 1000,
      firstCalls: first.length,
      firstSeconds: secondsOf(first),
      exactMatch: scoreItem(verdict.answers, item.gold_answers, item.wrong_answers).exactMatch,
    };
  } catch (error) {
    return {
      calls: log.length,
      promptTokens: log.reduce((sum, call) => sum + call.promptTokens, 0),
      completionTokens: log.reduce((sum, call) => sum + call.completionTokens, 0),
      seconds: secondsOf(log),
      measuredSeconds: log.reduce((sum, call) => sum + call.ms, 0) / 1000,
      firstCalls: log.length,
      firstSeconds: secondsOf(log),
      exactMatch: false,
      error: (({ code, message }) => `${code}: ${message}`)(toSerializedError(error)),
    };
  }
}

function summarize(method: Method, costs: ItemCost[]) {
  const n = costs.length || 1;
  const mean = (pick: (cost: ItemCost) => number) => costs.reduce((sum, cost) => sum + pick(cost), 0) / n;
  return {
    method,
    items: costs.length,
    errors: costs.filter((cost) => cost.error !== undefined).length,
    firstError: costs.find((cost) => cost.error !== undefined)?.error,
    calls: mean((cost) => cost.calls),
    promptTokens: mean((cost) => cost.promptTokens),
    completionTokens: mean((cost) => cost.completionTokens),
    tokens: mean((cost) => cost.promptTokens + cost.completionTokens),
    exactMatch: 100 * mean((cost) => (cost.exactMatch ? 1 : 0)),
    seconds: mean((cost) => cost.seconds),
    measuredSeconds: mean((cost) => cost.measuredSeconds),
    firstCalls: mean((cost) => cost.firstCalls),
    firstSeconds: mean((cost) => cost.firstSeconds),
  };
}
type Row = ReturnType<typeof summarize>;

function printTable(rows: Row[], options: z.infer<typeof Options>) {
  const header = [
    'method',
    'calls/item',
    'prompt tok',
    'compl. tok',
    'tokens/item',
    'EM %',
    'one-slot s',
    'measured s',
    'first: calls',
    'first: s',
    'errors',
  ];
  const lines = rows.map((row) => [
    row.method,
    row.calls.toFixed(2),
    row.promptTokens.toFixed(0),
    row.completionTokens.toFixed(0),
    row.tokens.toFixed(0),
    row.exactMatch.toFixed(1),
    row.seconds.toFixed(1),
    row.measuredSeconds.toFixed(1),
    row.firstCalls.toFixed(2),
    row.firstSeconds.toFixed(1),
    String(row.errors),
  ]);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, index) => (index === 0 ? '---' : '---:')).join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
  console.log(
    `one-slot time = Σ prompt tokens / ${options.prefill} tok/s (prefill) + Σ completion tokens / ${options.decode} tok/s (decode); "first" = calls finished when the first verdict arrives`,
  );
  for (const row of rows)
    if (row.firstError) console.log(`${row.method}: ${row.errors} errors, first: ${row.firstError}`);
  const madam = rows.find((row) => row.method === 'madam');
  const auto = rows.find((row) => row.method === 'auto');
  if (madam && auto) {
    const share = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
    console.log(
      `auto / madam: calls ${share(auto.calls, madam.calls)}, tokens ${share(auto.tokens, madam.tokens)}, EM ${(auto.exactMatch - madam.exactMatch).toFixed(1)} points (target ≤ 60 %, ≤ 60 %, ≥ −2)`,
    );
  }
}

const parseBenchArgs = () =>
  parseArgs({
    options: {
      dataset: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      methods: { type: 'string' },
      reader: { type: 'string' },
      prefill: { type: 'string' },
      decode: { type: 'string' },
      local: { type: 'boolean' },
      shuffle: { type: 'string' },
      kappa: { type: 'string' },
      rounds: { type: 'string' },
      json: { type: 'string' },
      ...MODEL_CLI_OPTIONS,
    },
    strict: true,
  });

async function main() {
  let values: ReturnType<typeof parseBenchArgs>['values'];
  try {
    values = parseBenchArgs().values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const options = parseOptions(Options, {
    ...Object.fromEntries(Object.entries(values).filter(([key]) => !(key in MODEL_CLI_OPTIONS))),
  });
  let text: string;
  try {
    text = await readFile(options.dataset, 'utf8');
  } catch {
    throw new UsageError(`--dataset: cannot read ${options.dataset}`);
  }
  const all = parseDataset(text, options.dataset);
  const items = all
    .slice(options.offset, options.limit ? options.offset + options.limit : undefined)
    .map((item, index) =>
      options.shuffle === undefined ? item : { ...item, documents: shuffled(item.documents, options.shuffle + index) },
    );

  // --base-url: any OpenAI-compatible server; else the document reader, in process or behind a local server.
  let model: ChatModel;
  let server: Awaited<ReturnType<typeof serveOpenAiCompatible>> | null = null;
  let described: string;
  if (values['base-url'] !== undefined) {
    model = modelFromCli({ concurrency: '1', ...values });
    described = `${model.id} at ${values['base-url']}`;
  } else if (options.reader === 'server') {
    server = await serveOpenAiCompatible(ramdocsReaderRules(all));
    model = modelFromCli({ 'base-url': server.baseUrl, model: 'ramdocs-reader', concurrency: '1' });
    described = 'the RAMDocs document reader behind a local OpenAI-compatible server';
  } else {
    model = scriptedModel({ rules: ramdocsReaderRules(all), maxConcurrency: 1 });
    described = 'the RAMDocs document reader (scripted model, in process)';
  }
  console.log(
    `bench:cost: ${items.length} RAMDocs items from ${options.dataset} (offset ${options.offset}), ${described}, one slot${options.local ? ', local (κ-RRSS)' : ''}${options.shuffle === undefined ? '' : `, documents shuffled (seed ${options.shuffle})`}`,
  );
  const rows: Row[] = [];
  try {
    for (const method of options.methods) {
      const costs: ItemCost[] = [];
      for (const item of items) costs.push(await measureItem(item, method, model, options));
      rows.push(summarize(method, costs));
    }
  } finally {
    await server?.close();
  }
  printTable(rows, options);
  if (options.json) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      options.json,
      `${JSON.stringify({ dataset: options.dataset, items: items.length, rows }, null, 2)}\n`,
    );
  }
}

try {
  await main();
} catch (error) {
  // Bad options get one line and exit code 2, as the CLI's do.
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench:cost: ${error.message}`);
  process.exitCode = 2;
}
