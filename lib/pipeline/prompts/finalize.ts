import { z } from 'zod';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import {
  looseBoolean,
  looseConfidence,
  looseNumberList,
  looseString,
  looseStringList,
} from '../../model-output/fields';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock } from '../delimit';
import { CONSOLIDATION_RULES } from './consolidate';
import { type ConsolidatedDocument, type Passage, renderDocuments, renderPassages } from './context';
import { ANSWER_ALIASES, chatRequest, EXPLANATION_ALIASES, type Prompt } from './shared';

const Group = z.object({
  answer: z.string(),
  summary: z.string(),
  sources: z.array(z.number().int()),
  memory: z.boolean(),
  confidence: z.number().min(0).max(1),
});
const Output = z.object({
  groups: z.array(Group),
  answers: z.array(z.string()),
  final: z.string(),
  explanation: z.string(),
});
const Loose = z
  .object({
    groups: z
      .array(
        z.object({
          answer: looseString,
          summary: looseString.default(''),
          sources: looseNumberList.default([]),
          memory: looseBoolean.default(false),
          confidence: looseConfidence(0.5),
        }),
      )
      .default([]),
    answers: looseStringList.optional(),
    final: looseString.optional(),
    explanation: looseString.default(''),
  })
  // Without "final" or "answers" there is no conclusion to read (cut short, or another shape).
  .refine((output) => output.final !== undefined || output.answers !== undefined, { message: 'final' });

export type FinalizedAnswer = {
  groups: Array<{ answer: string; summary: string; sources: number[]; memory: boolean; confidence: number }>;
  answers: string[];
  final: string;
  explanation: string;
};

/** Astute finalization: consolidate (when t = 1), answer per group with confidence, select the most reliable. */
export function finalizePrompt(
  model: ChatModel,
  question: string,
  initial: Passage[],
  consolidated: ConsolidatedDocument[] | null,
): Prompt<FinalizedAnswer> {
  const system = `Answer a question using passages from search results (<source>) and from your memory (<memory>).
Step 1, group the passages:
${CONSOLIDATION_RULES.replace(/"from"/g, '"sources"')}
Step 2: for each group give its answer (a few words) and a confidence from 0 to 1, based on how credible its sources are and how many agree.
Step 3: select the most reliable answer as "final". In "answers" list every correct answer (several only when the question is ambiguous, e.g. different people share a name).
If nothing answers the question, use "IDK" as final and list no answers.
${DATA_RULE}
Reply with JSON only: {"groups": [{"answer": "...", "summary": "...", "sources": [1], "memory": false, "confidence": 0.9}], "answers": ["..."], "final": "...", "explanation": "..."}`;
  const user = [
    'Passages:',
    renderPassages(initial),
    ...(consolidated ? ['Consolidated context:', renderDocuments(consolidated)] : []),
    questionBlock(question),
  ].join('\n');
  const known = new Set(initial.map((passage) => passage.number));
  return {
    request: chatRequest(model, { name: 'final_answer', schema: Output, system, user, maxTokens: 900 }),
    parse: (text): FinalizedAnswer => {
      const parsed = readObject(text, Loose, {
        aliases: {
          final: ['final answer', 'most reliable answer', 'selected answer', 'answer', ...ANSWER_ALIASES],
          answers: ['all correct answers', 'correct answers'],
          explanation: EXPLANATION_ALIASES,
        },
      });
      const reduce = (answer: string) => reduceAnswer(answer, question);
      const groups = parsed.groups
        .filter((group) => !isIdk(group.answer))
        .map((group) => ({
          ...group,
          answer: reduce(group.answer),
          sources: group.sources.filter((number) => known.has(number)),
        }));
      const answers = (parsed.answers ?? []).filter((answer) => !isIdk(answer)).map(reduce);
      const stated = parsed.final ?? 'IDK';
      const final = isIdk(stated) ? (answers[0] ?? 'IDK') : reduce(stated);
      return {
        groups,
        answers: answers.length || isIdk(final) ? answers : [final],
        final,
        explanation: parsed.explanation,
      };
    },
  };
}
