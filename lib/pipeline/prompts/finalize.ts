import { z } from 'zod';
import type { ChatModel } from '../../llm/chat-model';
import { DATA_RULE, questionBlock } from '../delimit';
import { isIdk } from '../normalize';
import { labelledLine, parseModelOutput } from '../parse';
import { CONSOLIDATION_RULES } from './consolidate';
import { type ConsolidatedDocument, type Passage, renderDocuments, renderPassages } from './context';
import {
  chatRequest,
  looseBoolean,
  looseConfidence,
  looseNumberList,
  looseString,
  looseStringList,
  type Prompt,
} from './shared';

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
const Loose = z.object({
  groups: z
    .array(
      z.object({
        answer: looseString,
        summary: looseString.default(''),
        sources: looseNumberList.default([]),
        memory: looseBoolean.default(false),
        confidence: looseConfidence.default(0.5),
      }),
    )
    .default([]),
  answers: looseStringList.default([]),
  final: looseString.default('IDK'),
  explanation: looseString.default(''),
});

export type FinalizedAnswer = z.infer<typeof Loose>;

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
    parse: (text) => {
      const parsed = parseModelOutput(text, Loose, (plain) => {
        const final = labelledLine(plain, 'final( answer)?') ?? labelledLine(plain, 'answer');
        if (final === undefined) return undefined;
        return {
          final,
          answers: labelledLine(plain, 'answers') ?? final,
          explanation: labelledLine(plain, 'explanation') ?? plain.slice(0, 500),
        };
      });
      const groups = parsed.groups
        .filter((group) => !isIdk(group.answer))
        .map((group) => ({ ...group, sources: group.sources.filter((number) => known.has(number)) }));
      const answers = parsed.answers.filter((answer) => !isIdk(answer));
      const final = isIdk(parsed.final) ? (answers[0] ?? 'IDK') : parsed.final;
      return { ...parsed, groups, answers: answers.length || isIdk(final) ? answers : [final], final };
    },
  };
}
