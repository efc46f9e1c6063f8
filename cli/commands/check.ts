import { readFile } from 'node:fs/promises';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { z } from 'zod';
import { AnswerBoxSchema, SerpCaptureSchema } from '../../lib/core/serp-capture';
import { type MethodParams, MethodParamsSchema } from '../../lib/core/settings';
import { LooseSourceSchema, type Source } from '../../lib/core/source';
import { type Method, MethodSchema, type Verdict } from '../../lib/core/verdict';
import type { ChatModel } from '../../lib/llm/chat-model';
import { runCheck } from '../../lib/pipeline/run-check';
import { registrableDomain } from '../../lib/serp/domain';
import { NEUTRAL_TRUST, type TrustLookup } from '../../lib/trust/types';
import { UsageError } from '../errors';
import { MODEL_CLI_OPTIONS, modelFromCli } from '../model-options';
import { parseOptions } from '../options';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** The backends' CLI contract (cli/model-options.ts): model options and the model they describe. */
export interface ModelCli {
  options: OptionsConfig;
  fromValues(values: Values): ChatModel | Promise<ChatModel>;
}

/** The test seam: commands take the model from here, the real CLI from cli/model-options.ts. */
export interface CommandDeps {
  modelCli?: () => Promise<ModelCli>;
}

/** The real model options and provider factory (cli/model-options.ts). */
export async function defaultModelCli(): Promise<ModelCli> {
  return { options: MODEL_CLI_OPTIONS, fromValues: (values) => modelFromCli(values) };
}

/** Method parameters as CLI options, with the papers' defaults (t = 1, m̂ = 1, T = 3, κ = 4). */
export const METHOD_OPTIONS = {
  method: { type: 'string' },
  iterations: { type: 'string' },
  passages: { type: 'string' },
  rounds: { type: 'string' },
  kappa: { type: 'string' },
  alpha: { type: 'string' },
  beta: { type: 'string' },
  'max-calls': { type: 'string' },
  'max-tokens': { type: 'string' },
  'cap-agents': { type: 'boolean' },
} as const satisfies OptionsConfig;

const numberOption = z.coerce.number({ message: 'must be a number' }).optional();
const MethodOptions = z.object({
  method: MethodSchema.default('auto'),
  iterations: numberOption,
  passages: numberOption,
  rounds: numberOption,
  kappa: numberOption,
  alpha: numberOption,
  beta: numberOption,
  'max-calls': numberOption,
  'max-tokens': numberOption,
  'cap-agents': z.boolean().optional(),
});

export interface MethodChoice {
  method: Method;
  params: MethodParams;
  capAgents?: boolean;
}

export function methodChoice(values: Values): MethodChoice {
  const options = parseOptions(MethodOptions, values);
  const params = parseOptions(
    MethodParamsSchema,
    Object.fromEntries(
      Object.entries({
        iterations: options.iterations,
        passages: options.passages,
        rounds: options.rounds,
        kappa: options.kappa,
        alpha: options.alpha,
        beta: options.beta,
        maxCalls: options['max-calls'],
        maxTokens: options['max-tokens'],
      }).filter(([, value]) => value !== undefined),
    ),
  );
  if (params.alpha >= params.beta) throw new UsageError('--alpha must be below --beta');
  return { method: options.method, params, ...(options['cap-agents'] ? { capAgents: true } : {}) };
}

/** Parses argv with the command's own options plus the method and model options. */
export async function parseCommand(argv: string[], own: OptionsConfig, deps: CommandDeps) {
  const modelCli = await (deps.modelCli ?? defaultModelCli)();
  try {
    const { values } = parseArgs({
      args: argv,
      options: { ...own, ...METHOD_OPTIONS, ...modelCli.options },
      strict: true,
    });
    return { values: values as Values, modelCli };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`${what}: cannot read ${path}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${what}: ${path} is not JSON`);
  }
}

const SourcesFileSchema = z.union([z.array(LooseSourceSchema), SerpCaptureSchema]);

/** `--sources`: an array of { url, title, snippet } or a full SerpCapture. */
export async function loadSources(path: string) {
  const parsed = SourcesFileSchema.safeParse(await readJson(path, '--sources'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `--sources: expected [{url, title, snippet}] or a SerpCapture (${issue?.message ?? 'invalid'})`,
    );
  }
  if (!Array.isArray(parsed.data)) return { sources: parsed.data.results, capture: parsed.data };
  const sources: Source[] = parsed.data.map((loose, index) => ({
    id: `s${index + 1}`,
    rank: index + 1,
    url: loose.url,
    domain: loose.domain ?? registrableDomain(loose.url),
    title: loose.title,
    snippet: loose.snippet,
  }));
  return { sources, capture: undefined };
}

/** `--trust`: { "<domain>": 0..1 } or { "<domain>": "blocked" }; others get the neutral prior. */
export async function loadTrust(path: string | undefined): Promise<TrustLookup> {
  if (!path) return () => NEUTRAL_TRUST;
  const schema = z.record(z.string(), z.union([z.number().min(0).max(1), z.literal('blocked')]));
  const parsed = schema.safeParse(await readJson(path, '--trust'));
  if (!parsed.success) throw new UsageError('--trust: expected { "<domain>": 0..1 or "blocked" }');
  const table = parsed.data;
  return (domain) => {
    const entry = Object.hasOwn(table, domain) ? table[domain] : undefined;
    if (entry === undefined) return NEUTRAL_TRUST;
    if (entry === 'blocked') return { ...NEUTRAL_TRUST, blocked: true, override: 'blocked' };
    return { reliability: entry, evidence: 1, rating: null, override: 'custom', blocked: false };
  };
}

const CheckOptions = z.object({
  question: z.string().min(1).optional(),
  sources: z.string({ message: '--sources <file.json> is required' }).min(1),
  'answer-box': z.string().optional(),
  trust: z.string().optional(),
});

/**
 * `check --question <q> --sources <file.json> [--method m] [--trust <file.json>] [--answer-box <text>]
 *  --base-url <url> --model <id>`: prints the Verdict JSON.
 */
export async function check(argv: string[], deps: CommandDeps = {}): Promise<Verdict> {
  const { values, modelCli } = await parseCommand(
    argv,
    {
      question: { type: 'string' },
      sources: { type: 'string' },
      'answer-box': { type: 'string' },
      trust: { type: 'string' },
    },
    deps,
  );
  const options = parseOptions(CheckOptions, values);
  const choice = methodChoice(values);
  const { sources, capture } = await loadSources(options.sources);
  const question = options.question ?? capture?.query;
  if (!question) throw new UsageError('--question is required (or a SerpCapture with a query in --sources)');
  const answerBox = options['answer-box']
    ? AnswerBoxSchema.parse({ kind: 'featured-snippet', text: options['answer-box'], sourceUrls: [] })
    : capture?.answerBox;
  const model = await modelCli.fromValues(values);
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once('SIGINT', abort);
  try {
    return await runCheck({
      question,
      sources,
      ...(answerBox ? { answerBox } : {}),
      ...choice,
      model,
      trust: await loadTrust(options.trust),
      signal: controller.signal,
    });
  } finally {
    process.off('SIGINT', abort);
  }
}
