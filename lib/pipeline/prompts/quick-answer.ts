import { z } from 'zod';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseConfidence, looseNumberList, looseString, looseStringList } from '../../model-output/fields';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock, tag } from '../delimit';
import { chatRequest, EXPLANATION_ALIASES, type Prompt } from './shared';

const Output = z.object({
  memory: z.string(),
  memory_confidence: z.number().min(0).max(1),
  answers: z.array(z.object({ answer: z.string(), sources: z.array(z.number().int()) })),
  explanation: z.string(),
});
const LooseAnswer = z.union([
  z.object({ answer: looseString, sources: looseNumberList.default([]) }),
  looseString.transform((answer) => ({ answer, sources: [] as number[] })),
]);
// Some models nest the memory answer ({"memory": {"answer": …, "confidence": …}}): read it too.
const NestedMemory = z.object({ answer: looseString, confidence: looseConfidence(0.5) });
const Loose = z.object({
  memory: z.union([NestedMemory, looseString]).default('IDK'),
  memory_confidence: looseConfidence(0.5),
  answers: z
    .union([
      z.array(LooseAnswer),
      looseStringList.transform((answers) => answers.map((answer) => ({ answer, sources: [] as number[] }))),
    ])
    .default([]),
  explanation: looseString.default(''),
});

/** One search result as the first reading sees it: with its site's reliability, as the aggregator does. */
export interface RatedSource {
  number: number;
  domain: string;
  title: string;
  text: string;
  reliability: number;
}

export interface QuickAnswer {
  /** The model's own short answer (IDK when it does not know) and how sure it is. */
  memory: { answer: string; confidence: number };
  /** Every answer the results support, with the numbers of the results behind it. */
  answers: Array<{ answer: string; sources: number[] }>;
  explanation: string;
}

/**
 * The default run's first call: the model's memory answer and its first reading of all results in
 * one round trip, so a one-slot model shows an answer after one call (Astute needs two: memory,
 * then finalize). The memory answer is asked first and apart, though the model has the results in
 * view: a cheaper, weaker separation than Astute's two calls.
 */
export function quickAnswerPrompt(model: ChatModel, question: string, sources: RatedSource[]): Prompt<QuickAnswer> {
  const system = `Step 1, from memory only: your short answer without the results, and how sure you are (0 to 1); "IDK" and 0 if you do not know.
Step 2, from the numbered search results (<source>): every correct answer (a few words) with the numbers of its sources. Several answers only if the question is ambiguous (e.g. two people share a name); leave out what only wrong or off-topic results say, and trust sites of higher reliability (0 to 1) more; none if no result answers.
${DATA_RULE}
Reply with JSON only: {"memory": "...", "memory_confidence": 0.0, "answers": [{"answer": "...", "sources": [1, 2]}], "explanation": "one sentence"}`;
  const blocks = sources.map((source) =>
    tag(
      'source',
      {
        id: source.number,
        domain: source.domain || 'unknown',
        ...(source.title ? { title: source.title } : {}),
        reliability: source.reliability.toFixed(2),
      },
      source.text,
    ),
  );
  const user = `${blocks.join('\n')}\n${questionBlock(question)}`;
  const known = new Set(sources.map((source) => source.number));
  return {
    request: chatRequest(model, { name: 'quick_answer', schema: Output, system, user, maxTokens: 500 }),
    parse: (text) => {
      const parsed = readObject(text, Loose, {
        aliases: {
          memory: ['memory answer', 'from memory', 'step 1'],
          memory_confidence: ['memory confidence', 'confidence'],
          answers: ['all correct answers', 'correct answers', 'step 2'],
          explanation: EXPLANATION_ALIASES,
        },
      });
      const nested = typeof parsed.memory === 'string' ? null : parsed.memory;
      const memory = reduceAnswer(
        nested?.answer ?? (typeof parsed.memory === 'string' ? parsed.memory : 'IDK'),
        question,
      );
      const knows = !isIdk(memory);
      const confidence = nested?.confidence ?? parsed.memory_confidence;
      return {
        memory: { answer: knows ? memory : 'IDK', confidence: knows ? confidence : 0 },
        answers: parsed.answers
          .filter((entry) => !isIdk(entry.answer))
          .map((entry) => ({
            answer: reduceAnswer(entry.answer, question),
            sources: entry.sources.filter((number) => known.has(number)),
          })),
        explanation: parsed.explanation,
      };
    },
  };
}
