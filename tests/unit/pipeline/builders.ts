import { type MethodParams, MethodParamsSchema } from '@/lib/core/settings';
import type { Source } from '@/lib/core/source';
import type { Method } from '@/lib/core/verdict';
import type { ChatModel, ChatRequest } from '@/lib/llm/chat-model';
import type { CheckInput } from '@/lib/pipeline/types';
import { NEUTRAL_TRUST, type TrustLookup } from '@/lib/trust/types';
import { decide, promptAgents, promptMemory, promptSources, type Rules } from '../helpers/scripted-model';

let nextId = 0;
export function source(domain: string, snippet: string, title = ''): Source {
  nextId++;
  return { id: `s${nextId}`, rank: nextId, url: `https://www.${domain}/page-${nextId}`, domain, title, snippet };
}

export function trustFrom(reliability: Record<string, number>, blocked: string[] = []): TrustLookup {
  return (domain) => ({
    ...NEUTRAL_TRUST,
    reliability: reliability[domain] ?? NEUTRAL_TRUST.reliability,
    evidence: domain in reliability ? 10 : 0,
    blocked: blocked.includes(domain),
  });
}

export function checkInput(
  model: ChatModel,
  sources: Source[],
  overrides: Partial<Omit<CheckInput, 'params'>> & { params?: Partial<MethodParams>; method?: Method } = {},
): CheckInput {
  const { params, ...rest } = overrides;
  return {
    question: 'What is asked?',
    sources,
    method: 'auto',
    model,
    trust: trustFrom({}),
    ...rest,
    params: MethodParamsSchema.parse(params ?? {}),
  };
}

/** What the scripted "reader" knows: its memory, and which answers it can recognize in text. */
export interface World {
  memory?: { answer: string; confidence: number };
  candidates: string[];
}

const find = (world: World, text: string) =>
  world.candidates.find((candidate) => text.toLowerCase().includes(candidate.toLowerCase()));

/**
 * Rules for a careful reader: an agent answers what its source says (a known candidate) or IDK;
 * the aggregator keeps answers with at least half the best support, weighing by the reliability it
 * is shown; memory answers from `world.memory`.
 */
export function readerRules(world: World): Rules {
  const memoryAnswer = () =>
    world.memory
      ? {
          passages: [`I recall: ${world.memory.answer}.`],
          answer: world.memory.answer,
          confidence: world.memory.confidence,
        }
      : { passages: [], answer: 'IDK', confidence: 0 };
  const readAll = (request: ChatRequest) =>
    promptSources(request).map((block) => ({
      number: Number(block.id),
      answer: find(world, block.text),
      weight: block.reliability ?? 1,
    }));
  return {
    norag: () =>
      world.memory
        ? { answers: [world.memory.answer], confidence: world.memory.confidence }
        : { answers: [], confidence: 0 },
    internal: memoryAnswer,
    reflect: () => memoryAnswer(),
    agent: (request) => {
      const text = promptSources(request)[0]?.text ?? '';
      const answer = find(world, text);
      return { answer: answer ?? 'IDK', explanation: answer ? `The source says ${answer}.` : 'Not in the source.' };
    },
    aggregator: (request) => {
      const agents = promptAgents(request);
      const { accepted, rejected } = decide(agents.map((a) => ({ answer: a.answer, weight: a.reliability ?? 1 })));
      return {
        answers: accepted,
        rejected: rejected.map((answer) => ({ answer, reason: 'misinformation' })),
        explanation: `Agents support ${accepted.join(' and ') || 'nothing'}.`,
      };
    },
    concat: (request) => {
      const read = readAll(request).filter((entry) => entry.answer);
      const { accepted } = decide(read.map((entry) => ({ answer: entry.answer ?? '', weight: 1 })));
      return {
        answers: accepted.map((answer) => ({
          answer,
          sources: read.filter((entry) => entry.answer === answer).map((entry) => entry.number),
        })),
        explanation: 'Read from the sources.',
      };
    },
    quick: (request) => {
      const read = readAll(request).filter((entry) => entry.answer);
      const { accepted } = decide(read.map((entry) => ({ answer: entry.answer ?? '', weight: entry.weight })));
      return {
        memory: world.memory?.answer ?? 'IDK',
        memory_confidence: world.memory?.confidence ?? 0,
        answers: accepted.map((answer) => ({
          answer,
          sources: read.filter((entry) => entry.answer === answer).map((entry) => entry.number),
        })),
        explanation: 'Read from the sources.',
      };
    },
    consolidate: (request) => ({
      documents: readAll(request)
        .filter((entry) => entry.answer)
        .map((entry) => ({ text: `Says ${entry.answer}`, memory: false, from: [entry.number] })),
    }),
    finalize: (request) => {
      const read = readAll(request).filter((entry) => entry.answer);
      const memory = promptMemory(request).length > 0 && world.memory ? world.memory.answer : undefined;
      const supports = read.map((entry) => ({ answer: entry.answer ?? '', weight: 1 }));
      if (memory) supports.push({ answer: memory, weight: 1 });
      const { accepted } = decide(supports);
      const answers = [...new Set(supports.map((entry) => entry.answer))];
      return {
        groups: answers.map((answer) => ({
          answer,
          summary: `Passages say ${answer}.`,
          sources: read.filter((entry) => entry.answer === answer).map((entry) => entry.number),
          memory: answer === memory,
          confidence: accepted.includes(answer) ? 0.8 : 0.2,
        })),
        answers: accepted,
        final: accepted[0] ?? 'IDK',
        explanation: 'Grouped the passages.',
      };
    },
  };
}
