import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check } from '../../../cli/commands/check';
import { FactCheckError } from '../../../lib/core/errors';
import type { Method, Verdict } from '../../../lib/core/verdict';
import type { ChatModel, ChatRequest, ChatResult } from '../../../lib/llm/chat-model';
import { runCheck } from '../../../lib/pipeline/run-check';
import type { TrustLookup } from '../../../lib/trust/types';
import { type Form, render } from '../helpers/messy-forms';
import { promptQuestion, type Rules, serveOpenAiCompatible, taskOf } from '../helpers/scripted-model';
import { checkInput, readerRules, source, trustFrom, type World } from './builders';

/**
 * Every pipeline scenario × method × messy form, for the unit test and for the before/after count
 * (scripts/bench-messy-forms.ts). Uses only what every version of the pipeline has (runCheck, the
 * reader rules), so the same matrix runs on old code.
 */

export interface Scenario {
  name: string;
  question: string;
  world: World;
  sources: () => ReturnType<typeof source>[];
  trust?: TrustLookup;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'consistent sources',
    question: 'What is the capital of France?',
    world: { memory: { answer: 'Paris', confidence: 0.9 }, candidates: ['Paris'] },
    sources: () => [
      source('wikipedia.org', 'Paris is the capital of France.'),
      source('britannica.com', 'The capital is Paris, a city on the Seine.'),
      source('france.fr', 'Visit Paris, capital of France.'),
      source('example.com', 'Paris has been the capital since 987.'),
    ],
  },
  {
    name: 'misinformation minority',
    question: 'When was Michael Jordan born?',
    world: { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1998'] },
    sources: () => [
      source('nba.com', 'Michael Jordan was born on February 17, 1963 in Brooklyn.'),
      source('wikipedia.org', 'Jordan (born February 17, 1963) is a former basketball player.'),
      source('espn.com', 'Born in 1963, Jordan grew up in North Carolina.'),
      source('biography.com', 'Jordan was born February 17, 1963.'),
      source('fake-facts.net', 'Michael Jordan was born in 1998 at Cumberland Hospital.'),
    ],
    trust: trustFrom({ 'nba.com': 0.8, 'wikipedia.org': 0.8, 'espn.com': 0.7, 'fake-facts.net': 0.1 }),
  },
  {
    name: 'two people with one name',
    question: 'When was Michael Jordan born?',
    world: { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1956'] },
    sources: () => [
      source('nba.com', 'Michael Jeffrey Jordan (born February 17, 1963) is a basketball player.'),
      source('wikipedia.org', 'Michael Jordan, born 1963, played for the Chicago Bulls.'),
      source('berkeley.edu', 'Michael Irwin Jordan (born February 25, 1956) is a professor at Berkeley.'),
      source('acm.org', 'Michael I. Jordan, born 1956, works in machine learning.'),
      source('espn.com', 'Jordan was born in 1963.'),
    ],
  },
  {
    name: 'nothing relevant, model unsure',
    question: 'What is the answer to everything?',
    world: { candidates: ['42'] },
    sources: () => [
      source('a.com', 'Cooking pasta takes ten minutes.'),
      source('b.com', 'The weather is mild today.'),
      source('c.com', 'Buy shoes online.'),
    ],
  },
  {
    name: 'confident memory against unreliable sites',
    question: 'What is the capital of Australia?',
    world: { memory: { answer: 'Canberra', confidence: 0.95 }, candidates: ['Canberra', 'Sydney'] },
    sources: () => [
      source('spam1.biz', 'The capital of Australia is Sydney.'),
      source('spam2.biz', 'Sydney is the capital city of Australia.'),
      source('spam3.biz', 'Australia’s capital: Sydney.'),
      source('spam4.biz', 'Everyone knows Sydney is the capital.'),
    ],
    trust: trustFrom({ 'spam1.biz': 0.1, 'spam2.biz': 0.1, 'spam3.biz': 0.1, 'spam4.biz': 0.1 }),
  },
];

export const METHODS: Method[] = ['norag', 'concat', 'astute', 'madam', 'auto'];

/** A model that answers by the rules, writing every object in `form` (or a list of forms, one per call in turn). */
export function formModel(rules: Rules, form: Form | readonly Form[]): ChatModel {
  const forms = typeof form === 'string' ? [form] : form;
  let turn = 0;
  return {
    id: `messy:${forms.join('+')}`,
    maxConcurrency: 8,
    supportsJsonSchema: false,
    local: false,
    async generate(request: ChatRequest): Promise<ChatResult> {
      const task = taskOf(request);
      const rule = rules[task];
      if (!rule) throw new Error(`no rule for ${task}`);
      const current = forms[turn++ % forms.length] ?? 'clean';
      const text = render(rule(request), current, { question: promptQuestion(request) });
      return { text, usage: { promptTokens: 1, completionTokens: 1, ms: 0 } };
    },
  };
}

const norm = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What a person reads off a verdict: the answers, the final answer, the strategy, the conflicts, each site's stance. */
export function verdictKey(verdict: Verdict): string {
  return JSON.stringify({
    answers: verdict.answers.map(norm).sort(),
    final: norm(verdict.finalAnswer),
    strategy: verdict.strategy,
    conflicts: verdict.conflicts.map((conflict) => conflict.kind).sort(),
    stances: verdict.sources.map((entry) => `${entry.domain}:${entry.stance}`),
  });
}

export type Outcome =
  | { kind: 'verdict'; key: string }
  | { kind: 'clear-error'; message: string }
  | { kind: 'crash'; message: string };

export async function runOnce(scenario: Scenario, method: Method, form: Form | readonly Form[]): Promise<Outcome> {
  const model = formModel(readerRules(scenario.world), form);
  try {
    const verdict = await runCheck(
      checkInput(model, scenario.sources(), {
        method,
        question: scenario.question,
        ...(scenario.trust ? { trust: scenario.trust } : {}),
      }),
    );
    return { kind: 'verdict', key: verdictKey(verdict) };
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'malformed-output') {
      return { kind: 'clear-error', message: error.message };
    }
    return { kind: 'crash', message: error instanceof Error ? error.message : String(error) };
  }
}

export interface MatrixRow {
  scenario: string;
  method: Method;
  form: Form;
  /** same: the clean form's verdict; error: a clear malformed-output error; wrong: anything else. */
  result: 'same' | 'error' | 'wrong';
  detail: string;
}

export async function runMatrix(forms: readonly Form[]): Promise<MatrixRow[]> {
  const rows: MatrixRow[] = [];
  for (const scenario of SCENARIOS) {
    for (const method of METHODS) {
      const clean = await runOnce(scenario, method, 'clean');
      if (clean.kind !== 'verdict')
        throw new Error(`clean run failed: ${scenario.name} ${method}: ${JSON.stringify(clean)}`);
      for (const form of forms) {
        const outcome = await runOnce(scenario, method, form);
        const result =
          outcome.kind === 'verdict'
            ? outcome.key === clean.key
              ? 'same'
              : 'wrong'
            : outcome.kind === 'clear-error'
              ? 'error'
              : 'wrong';
        const detail =
          outcome.kind === 'verdict' ? (result === 'same' ? '' : `${outcome.key} ≠ ${clean.key}`) : outcome.message;
        rows.push({ scenario: scenario.name, method, form, result, detail });
      }
    }
  }
  return rows;
}

/** A scenario as `factcheck check` arguments: its question, a sources file and, if any, a trust file. */
export function scenarioArgs(scenario: Scenario, dir: string, name: string): string[] {
  const sources = scenario.sources().map((entry) => ({ url: entry.url, title: entry.title, snippet: entry.snippet }));
  const sourcesFile = join(dir, `${name}-sources.json`);
  writeFileSync(sourcesFile, JSON.stringify(sources));
  const args = ['--question', scenario.question, '--sources', sourcesFile];
  if (scenario.trust) {
    const lookup = scenario.trust;
    const domains = scenario.sources().map((entry) => entry.domain);
    const trustFile = join(dir, `${name}-trust.json`);
    writeFileSync(trustFile, JSON.stringify(Object.fromEntries(domains.map((d) => [d, lookup(d).reliability]))));
    args.push('--trust', trustFile);
  }
  return args;
}

async function cliOutcome(args: string[], baseUrl: string, method: Method): Promise<Outcome> {
  try {
    const verdict = await check([...args, '--base-url', baseUrl, '--model', 'test', '--method', method]);
    return { kind: 'verdict', key: verdictKey(verdict) };
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'malformed-output') {
      return { kind: 'clear-error', message: error.message };
    }
    return { kind: 'crash', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The same matrix through `factcheck check` (in process, the real OpenAI-compatible provider) against
 * a local server answering in each form.
 */
export async function runCliMatrix(forms: readonly Form[], scenarios: readonly Scenario[]): Promise<MatrixRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'factcheck-messy-'));
  const rows: MatrixRow[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const args = scenarioArgs(scenario, dir, `s${index}`);
    const clean: Partial<Record<Method, Outcome>> = {};
    const cleanServer = await serveOpenAiCompatible(readerRules(scenario.world));
    try {
      for (const method of METHODS) clean[method] = await cliOutcome(args, cleanServer.baseUrl, method);
    } finally {
      await cleanServer.close();
    }
    for (const form of forms) {
      const server = await serveOpenAiCompatible(readerRules(scenario.world), { form });
      try {
        for (const method of METHODS) {
          const reference = clean[method];
          if (reference?.kind !== 'verdict') throw new Error(`clean CLI run failed: ${scenario.name} ${method}`);
          const outcome = await cliOutcome(args, server.baseUrl, method);
          const result =
            outcome.kind === 'verdict'
              ? outcome.key === reference.key
                ? 'same'
                : 'wrong'
              : outcome.kind === 'clear-error'
                ? 'error'
                : 'wrong';
          const detail =
            outcome.kind === 'verdict'
              ? result === 'same'
                ? ''
                : `${outcome.key} ≠ ${reference.key}`
              : outcome.message;
          rows.push({ scenario: scenario.name, method, form, result, detail });
        }
      } finally {
        await server.close();
      }
    }
  }
  return rows;
}
