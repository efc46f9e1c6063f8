import type { ModelCli } from '@/cli/commands/check';
import { isIdk } from '@/lib/answers/idk';
import { normalizeAnswer } from '@/lib/answers/normalize';
import { FactCheckError } from '@/lib/core/errors';
import type { ChatModel, ChatRequest, ChatResult } from '@/lib/llm/chat-model';
import { type Form, render } from './messy-forms';

/** Which prompt a request is, told from its system message (as a reader of the prompt would). */
export type Task =
  | 'norag'
  | 'internal'
  | 'consolidate'
  | 'finalize'
  | 'quick'
  | 'concat'
  | 'agent'
  | 'aggregator'
  | 'reflect'
  | 'claims'
  | 'claim-evidence';

const TASKS: Array<[Task, RegExp]> = [
  ['claims', /split a search engine's answer into atomic factual claims/],
  ['claim-evidence', /You check claims against search result snippets/],
  ['reflect', /You answered a question from memory/],
  ['aggregator', /You read the answers of agents/],
  ['agent', /from the one source you are given/],
  // RA-RAG's keyword answer is MADAM's round-1 agent without the explanation
  ['agent', /^Give the keyword answer/],
  ['finalize', /Step 1, group the passages/],
  ['consolidate', /^Consolidate passages/],
  ['quick', /^Step 1, from memory only/],
  ['concat', /numbered search results/],
  ['internal', /Write what you know/],
  ['norag', /from your own knowledge/],
];

export function taskOf(request: ChatRequest): Task {
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  const found = TASKS.find(([, pattern]) => pattern.test(system));
  if (!found) throw new Error(`scripted model: unknown prompt: ${system.slice(0, 80)}`);
  return found[0];
}

export interface PromptSource {
  id: string;
  domain: string;
  text: string;
  /** The site's reliability, where the prompt shows it (the default run's first reading). */
  reliability?: number;
}
export interface PromptAgent {
  domain: string;
  answer: string;
  reliability?: number;
}

/** Whether the system message's JSON example has this field. */
export const asksFor = (request: ChatRequest, field: string) =>
  (request.messages.find((message) => message.role === 'system')?.content ?? '').includes(`"${field}"`);
const userText = (request: ChatRequest) => request.messages.find((m) => m.role === 'user')?.content ?? '';
const attr = (attrs: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];

/** The delimited blocks of a prompt, read back the way the pipeline wrote them. */
export function blocks(request: ChatRequest, name: string): Array<{ attrs: string; body: string }> {
  const pattern = new RegExp(`<${name}([^>]*)>\\n([\\s\\S]*?)\\n</${name}>`, 'g');
  return [...userText(request).matchAll(pattern)].map((match) => ({ attrs: match[1] ?? '', body: match[2] ?? '' }));
}

export function promptSources(request: ChatRequest): PromptSource[] {
  return blocks(request, 'source').map(({ attrs, body }) => {
    const reliability = attr(attrs, 'reliability');
    return {
      id: attr(attrs, 'id') ?? '',
      domain: attr(attrs, 'domain') ?? '',
      text: body,
      ...(reliability !== undefined ? { reliability: Number(reliability) } : {}),
    };
  });
}

export function promptAgents(request: ChatRequest): PromptAgent[] {
  return blocks(request, 'agent')
    .filter(({ attrs }) => attr(attrs, 'id') !== undefined)
    .map(({ attrs, body }) => {
      const reliability = attr(attrs, 'reliability');
      return {
        domain: attr(attrs, 'domain') ?? '',
        answer: /^Answer: (.*)$/m.exec(body)?.[1]?.trim() ?? 'IDK',
        ...(reliability !== undefined ? { reliability: Number(reliability) } : {}),
      };
    });
}

export const promptQuestion = (request: ChatRequest) => blocks(request, 'question')[0]?.body ?? '';
export const promptMemory = (request: ChatRequest) => blocks(request, 'memory').map((block) => block.body);

/** A scenario's rules: each returns the JSON object the model "writes" for one task. */
export type Rules = Partial<Record<Task, (request: ChatRequest) => unknown>>;

export interface RecordedCall {
  task: Task;
  request: ChatRequest;
  text: string;
  startedAt: number;
  endedAt: number;
}

export interface ScriptedModelOptions {
  rules: Rules;
  /** Answer after this many ms (for the overhead benchmark); 0 answers at once. */
  delayMs?: number;
  maxConcurrency?: number;
  local?: boolean;
  supportsJsonSchema?: boolean;
  /** How the model writes its object (messy-forms.ts); clean JSON by default. */
  form?: Form;
  /** Streams the answer in pieces through onToken. */
  stream?: boolean;
}

export interface ScriptedModel extends ChatModel {
  readonly calls: RecordedCall[];
  count(task?: Task): number;
  /** Highest number of calls that were in flight at once. */
  readonly peakInFlight: number;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new FactCheckError('cancelled', 'The check was cancelled.'));
      },
      { once: true },
    );
  });

/** A deterministic, call-recording ChatModel: answers by the scenario's rules, never by chance. */
export function scriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const calls: RecordedCall[] = [];
  let inFlight = 0;
  let peak = 0;
  const model: ScriptedModel = {
    id: 'scripted:test',
    maxConcurrency: options.maxConcurrency ?? 8,
    supportsJsonSchema: options.supportsJsonSchema ?? false,
    local: options.local ?? false,
    calls,
    get peakInFlight() {
      return peak;
    },
    count: (task) => (task ? calls.filter((call) => call.task === task).length : calls.length),
    async generate(request: ChatRequest): Promise<ChatResult> {
      if (request.signal?.aborted) throw new FactCheckError('cancelled', 'The check was cancelled.');
      const task = taskOf(request);
      const rule = options.rules[task];
      if (!rule) throw new Error(`scripted model: no rule for ${task}`);
      const startedAt = Date.now();
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        await wait(options.delayMs ?? 0, request.signal);
        const text = render(rule(request), options.form ?? 'clean', { question: promptQuestion(request) });
        if (options.stream && request.onToken)
          for (const piece of text.match(/.{1,16}/gs) ?? []) request.onToken(piece);
        calls.push({ task, request, text, startedAt, endedAt: Date.now() });
        const prompt = request.messages.reduce((sum, message) => sum + message.content.length, 0);
        return {
          text,
          usage: {
            promptTokens: Math.ceil(prompt / 4),
            completionTokens: Math.ceil(text.length / 4),
            ms: Date.now() - startedAt,
          },
        };
      } finally {
        inFlight--;
      }
    },
  };
  return model;
}

/** Keeps every answer with at least half the support of the best one (support = Σ weight). */
export function decide(supports: Array<{ answer: string; weight: number }>) {
  const totals = new Map<string, { answer: string; weight: number }>();
  for (const { answer, weight } of supports) {
    if (isIdk(answer)) continue;
    const key = normalizeAnswer(answer);
    const entry = totals.get(key) ?? { answer, weight: 0 };
    entry.weight += weight;
    totals.set(key, entry);
  }
  const best = Math.max(0, ...[...totals.values()].map((entry) => entry.weight));
  const entries = [...totals.values()].sort((a, b) => b.weight - a.weight);
  return {
    accepted: entries.filter((entry) => best > 0 && entry.weight >= 0.5 * best).map((entry) => entry.answer),
    rejected: entries.filter((entry) => entry.weight < 0.5 * best).map((entry) => entry.answer),
  };
}

/**
 * A model without memory that answers from the document it is shown: `answerFor` maps a
 * document's text to what it says (undefined or "unknown" = nothing). Used for RAMDocs and timing.
 */
export function documentReaderRules(answerFor: (text: string) => string | undefined): Rules {
  const read = (text: string) => {
    const answer = answerFor(text);
    return answer === undefined || isIdk(answer) ? undefined : answer;
  };
  const readAll = (request: ChatRequest) =>
    promptSources(request).map((block) => ({
      number: Number(block.id),
      answer: read(block.text),
      weight: block.reliability ?? 1,
    }));
  const unknownMemory = { passages: [], answer: 'IDK', confidence: 0 };
  return {
    norag: () => ({ answers: [], confidence: 0 }),
    internal: () => unknownMemory,
    reflect: () => unknownMemory,
    agent: (request) => {
      const answer = read(promptSources(request)[0]?.text ?? '');
      // A reader that follows the format it is asked for: a reason only when the prompt wants one.
      if (!asksFor(request, 'explanation')) return { answer: answer ?? 'IDK' };
      return { answer: answer ?? 'IDK', explanation: answer ? `The document says ${answer}.` : 'Not in the document.' };
    },
    aggregator: (request) => {
      const { accepted, rejected } = decide(
        promptAgents(request).map((agent) => ({ answer: agent.answer, weight: agent.reliability ?? 1 })),
      );
      return {
        answers: accepted,
        rejected: rejected.map((answer) => ({ answer, reason: 'misinformation' })),
        explanation: `Supported: ${accepted.join(', ') || 'nothing'}.`,
      };
    },
    concat: (request) => {
      const found = readAll(request);
      const { accepted } = decide(found.map((entry) => ({ answer: entry.answer ?? 'IDK', weight: 1 })));
      return {
        answers: accepted.map((answer) => ({
          answer,
          sources: found.filter((entry) => entry.answer === answer).map((entry) => entry.number),
        })),
        explanation: 'Read from the documents.',
      };
    },
    quick: (request) => {
      const found = readAll(request);
      const { accepted } = decide(found.map((entry) => ({ answer: entry.answer ?? 'IDK', weight: entry.weight })));
      return {
        memory: 'IDK',
        memory_confidence: 0,
        answers: accepted.map((answer) => ({
          answer,
          sources: found.filter((entry) => entry.answer === answer).map((entry) => entry.number),
        })),
        explanation: 'Read from the documents.',
      };
    },
    consolidate: (request) => ({
      documents: readAll(request).flatMap((entry) =>
        entry.answer ? [{ text: `Says ${entry.answer}`, memory: false, from: [entry.number] }] : [],
      ),
    }),
    finalize: (request) => {
      const found = readAll(request);
      const { accepted } = decide(found.map((entry) => ({ answer: entry.answer ?? 'IDK', weight: 1 })));
      const answers = [...new Set(found.flatMap((entry) => (entry.answer ? [entry.answer] : [])))];
      return {
        groups: answers.map((answer) => ({
          answer,
          summary: `Documents say ${answer}.`,
          sources: found.filter((entry) => entry.answer === answer).map((entry) => entry.number),
          memory: false,
          confidence: accepted.includes(answer) ? 0.8 : 0.2,
        })),
        answers: accepted,
        final: accepted[0] ?? 'IDK',
        explanation: 'Grouped the documents.',
      };
    },
  };
}

/** Stands in for cli/model-options.ts in CLI tests: the same option names, a scripted model behind them. */
export function scriptedModelCli(model: ChatModel): () => Promise<ModelCli> {
  return async () => ({
    options: {
      'base-url': { type: 'string' },
      model: { type: 'string' },
      'api-key-env': { type: 'string' },
      provider: { type: 'string' },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
    },
    fromValues: () => model,
  });
}

/** How the local server behaves, beyond answering by the rules. */
export interface ServerOptions {
  /** How the model writes its object (messy-forms.ts). */
  form?: Form;
  /**
   * Rejects any request with `response_format: json_schema` the way servers without structured
   * output do (HTTP 400 naming the field); requests without it are answered.
   */
  rejectJsonSchema?: boolean;
}

/**
 * A local OpenAI-compatible server (/v1/chat/completions, streamed or not) answering by the same
 * rules, so the CLI can be run end to end through the real provider code. Every request body is
 * kept, for tests of what goes on the wire.
 */
export async function serveOpenAiCompatible(
  rules: Rules,
  serverOptions: ServerOptions = {},
): Promise<{ baseUrl: string; calls: Task[]; bodies: Array<Record<string, unknown>>; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const calls: Task[] = [];
  const bodies: Array<Record<string, unknown>> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const parsed: unknown = JSON.parse(body || '{}');
      bodies.push(parsed as Record<string, unknown>);
      const payload = parsed as {
        messages?: ChatRequest['messages'];
        stream?: boolean;
        model?: string;
        response_format?: { type?: string };
      };
      if (serverOptions.rejectJsonSchema && payload.response_format?.type === 'json_schema') {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: "Invalid value for 'response_format': json_schema is not supported by this server.",
              type: 'invalid_request_error',
              param: 'response_format',
              code: null,
            },
          }),
        );
        return;
      }
      const chat: ChatRequest = { messages: payload.messages ?? [] };
      const task = taskOf(chat);
      calls.push(task);
      const text = render(rules[task]?.(chat) ?? {}, serverOptions.form ?? 'clean', { question: promptQuestion(chat) });
      const base = { id: `chatcmpl-${calls.length}`, created: 0, model: payload.model ?? 'test' };
      const usage = { prompt_tokens: Math.ceil(body.length / 4), completion_tokens: Math.ceil(text.length / 4) };
      const finishReason = serverOptions.form === 'truncated' ? 'length' : 'stop';
      if (!payload.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\n\n`);
      for (const piece of text.match(/.{1,20}/gs) ?? []) {
        send({
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        });
      }
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: finishReason }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
