import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { answersEquivalent } from '../../lib/answers/equivalence';
import { answerTokens } from '../../lib/answers/normalize';
import { toSerializedError } from '../../lib/core/errors';
import type { Source } from '../../lib/core/source';
import type { ChatModel } from '../../lib/llm/chat-model';
import { runCheck } from '../../lib/pipeline/run-check';
import { NEUTRAL_TRUST } from '../../lib/trust/types';
import { UsageError } from '../errors';
import { parseOptions } from '../options';
import { type CommandDeps, type MethodChoice, methodChoice, parseCommand } from './check';

/** One RAMDocs line: the question, its documents (correct / misinfo / noise), gold and wrong answers. */
export const RamDocsItemSchema = z.object({
  question: z.string().min(1),
  documents: z.array(z.object({ text: z.string(), type: z.string().optional(), answer: z.string().optional() })),
  disambig_entity: z.array(z.string()).optional(),
  gold_answers: z.array(z.string()),
  wrong_answers: z.array(z.string()).default([]),
});
export type RamDocsItem = z.infer<typeof RamDocsItemSchema>;

/** One RGB counterfactual line: the passages with the answer swapped for `fakeanswer`, plus noise. */
const RgbItemSchema = z.object({
  query: z.string().min(1),
  answer: z.union([z.string(), z.array(z.unknown())]),
  fakeanswer: z.string(),
  positive_wrong: z.array(z.string()),
  negative: z.array(z.string()).default([]),
});

/** RGB's counterfactual set as RAMDocs: gold = the true answer, wrong = the planted one. */
function fromRgb(item: z.infer<typeof RgbItemSchema>): RamDocsItem {
  const gold = (Array.isArray(item.answer) ? item.answer.flat(2) : [item.answer]).filter(
    (answer): answer is string => typeof answer === 'string',
  );
  return {
    question: item.query,
    documents: [
      ...item.positive_wrong.map((text) => ({ text, type: 'misinfo', answer: item.fakeanswer })),
      ...item.negative.map((text) => ({ text, type: 'noise', answer: 'unknown' })),
    ],
    gold_answers: gold,
    wrong_answers: [item.fakeanswer],
  };
}

const DatasetLineSchema = z.union([RamDocsItemSchema, RgbItemSchema.transform(fromRgb)]);

/** RAMDocs JSONL; RGB's counterfactual JSONL (en_fact.json) is read too and converted. */
export function parseDataset(text: string, path: string): RamDocsItem[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== '')
    .map(({ line, index }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UsageError(`--dataset: line ${index + 1} of ${path} is not JSON`);
      }
      const parsed = DatasetLineSchema.safeParse(value);
      if (!parsed.success) throw new UsageError(`--dataset: line ${index + 1} is not a RAMDocs (or RGB) item`);
      return parsed.data;
    });
}

/** Each document becomes a result from its own site, so every document is one agent and one vote. */
export function documentsAsSources(item: RamDocsItem): Source[] {
  return item.documents.map((document, index) => ({
    id: `d${index + 1}`,
    rank: index + 1,
    url: `https://doc${index + 1}.ramdocs.example/`,
    domain: `doc${index + 1}.ramdocs.example`,
    title: '',
    snippet: document.text,
  }));
}

function containsRun(longer: string[], shorter: string[]): boolean {
  if (shorter.length === 0) return false;
  for (let start = 0; start + shorter.length <= longer.length; start++) {
    if (shorter.every((token, k) => longer[start + k] === token)) return true;
  }
  return false;
}

/** A predicted answer matches a reference when equivalent or when either contains the other's words. */
export function matches(predicted: string, reference: string): boolean {
  if (answersEquivalent(predicted, reference)) return true;
  const p = answerTokens(predicted);
  const r = answerTokens(reference);
  return containsRun(p, r) || containsRun(r, p);
}

export interface ItemScore {
  exactMatch: boolean;
  precision: number;
  recall: number;
  f1: number;
  refused: boolean;
}

/** MADAM-RAG's metrics: EM = every gold answer predicted and no wrong answer; P/R/F1 over answers. */
export function scoreItem(answers: string[], gold: string[], wrong: string[]): ItemScore {
  const goldFound = gold.filter((reference) => answers.some((answer) => matches(answer, reference)));
  const correct = answers.filter((answer) => gold.some((reference) => matches(answer, reference)));
  const anyWrong = answers.some(
    (answer) => wrong.some((reference) => matches(answer, reference)) && !gold.some((g) => matches(answer, g)),
  );
  const precision = answers.length ? correct.length / answers.length : 0;
  const recall = gold.length ? goldFound.length / gold.length : 0;
  return {
    exactMatch: gold.length > 0 && goldFound.length === gold.length && !anyWrong,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    refused: answers.length === 0,
  };
}

export interface ItemRecord extends Partial<ItemScore> {
  index: number;
  question: string;
  gold: string[];
  wrong: string[];
  answers: string[];
  strategy: string | null;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  error?: { code: string; message: string };
}

async function evaluateItem(item: RamDocsItem, index: number, model: ChatModel, choice: MethodChoice) {
  const started = Date.now();
  const base = { index, question: item.question, gold: item.gold_answers, wrong: item.wrong_answers };
  try {
    const verdict = await runCheck({
      question: item.question,
      sources: documentsAsSources(item),
      ...choice,
      model,
      trust: () => NEUTRAL_TRUST,
    });
    return {
      ...base,
      answers: verdict.answers,
      strategy: verdict.strategy,
      ...scoreItem(verdict.answers, item.gold_answers, item.wrong_answers),
      calls: verdict.usage.calls,
      promptTokens: verdict.usage.promptTokens,
      completionTokens: verdict.usage.completionTokens,
      ms: Date.now() - started,
    } satisfies ItemRecord;
  } catch (error) {
    const { code, message } = toSerializedError(error);
    return {
      ...base,
      answers: [],
      strategy: null,
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      ms: Date.now() - started,
      error: { code, message },
    } satisfies ItemRecord;
  }
}

export function summarize(records: ItemRecord[], wallMs: number) {
  const scored = records.filter((record) => record.error === undefined);
  const n = records.length || 1;
  const mean = (pick: (record: ItemRecord) => number) => records.reduce((sum, r) => sum + pick(r), 0) / n;
  const sum = (pick: (record: ItemRecord) => number) => records.reduce((total, r) => total + pick(r), 0);
  const round = (value: number) => Math.round(value * 10000) / 100;
  return {
    items: records.length,
    errors: records.length - scored.length,
    exactMatch: round(mean((r) => (r.exactMatch ? 1 : 0))),
    precision: round(mean((r) => r.precision ?? 0)),
    recall: round(mean((r) => r.recall ?? 0)),
    f1: round(mean((r) => r.f1 ?? 0)),
    refusalRate: round(mean((r) => (r.refused ? 1 : 0))),
    calls: { total: sum((r) => r.calls), perItem: sum((r) => r.calls) / n },
    tokens: {
      prompt: sum((r) => r.promptTokens),
      completion: sum((r) => r.completionTokens),
      perItem: sum((r) => r.promptTokens + r.completionTokens) / n,
    },
    wallMs,
  };
}

const EvalOptions = z.object({
  dataset: z.string({ message: '--dataset <file.jsonl> is required' }).min(1),
  limit: z.coerce.number().int().positive().optional(),
  offset: z.coerce.number().int().nonnegative().default(0),
  out: z.string().optional(),
  jobs: z.coerce.number().int().min(1).max(64).default(1),
});

/**
 * `eval --dataset <file.jsonl> --method <m> --base-url <url> --model <id> [--limit N] [--offset N]
 *  [--jobs K] [--out items.jsonl]`: prints the metrics (percentages), writes one JSON line per item.
 */
export async function evaluate(argv: string[], deps: CommandDeps = {}) {
  const { values, modelCli } = await parseCommand(
    argv,
    {
      dataset: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      out: { type: 'string' },
      jobs: { type: 'string' },
    },
    deps,
  );
  const options = parseOptions(EvalOptions, values);
  const choice = methodChoice(values);
  let text: string;
  try {
    text = await readFile(options.dataset, 'utf8');
  } catch {
    throw new UsageError(`--dataset: cannot read ${options.dataset}`);
  }
  const all = parseDataset(text, options.dataset);
  const items = all.slice(options.offset, options.limit ? options.offset + options.limit : undefined);
  const model = await modelCli.fromValues(values);
  const started = Date.now();
  const records: ItemRecord[] = new Array(items.length);
  let next = 0;
  // K items in flight; the model's own concurrency bounds the calls underneath.
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item) records[index] = await evaluateItem(item, options.offset + index, model, choice);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.jobs, items.length) }, worker));
  if (options.out)
    await writeFile(
      options.out,
      records
        .map((record) => JSON.stringify(record))
        .join('\n')
        .concat('\n'),
    );
  return {
    dataset: options.dataset,
    method: choice.method,
    model: model.id,
    params: choice.params,
    ...summarize(records, Date.now() - started),
  };
}
