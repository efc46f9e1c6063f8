import { z } from 'zod';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseNumberList, looseString, looseStringList } from '../../model-output/fields';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock } from '../delimit';
import { type Passage, renderPassages } from './context';
import { chatRequest, EXPLANATION_ALIASES, type Prompt } from './shared';

const Output = z.object({
  answers: z.array(z.object({ answer: z.string(), sources: z.array(z.number().int()) })),
  explanation: z.string(),
});
const LooseAnswer = z.union([
  z.object({ answer: looseString, sources: looseNumberList.default([]) }),
  looseString.transform((answer) => ({ answer, sources: [] as number[] })),
]);
const Loose = z.object({
  answers: z.union([
    z.array(LooseAnswer),
    looseStringList.transform((answers) => answers.map((answer) => ({ answer, sources: [] as number[] }))),
  ]),
  explanation: looseString.default(''),
});

export type ConcatAnswer = z.infer<typeof Loose>;

/** All snippets in one prompt; every correct answer with its supporting source numbers, or none. */
export function concatPrompt(model: ChatModel, question: string, passages: Passage[]): Prompt<ConcatAnswer> {
  const system = `Answer a question using the numbered search results (<source>). Some results may be wrong, off-topic, or about a different thing with the same name.
List every correct answer (a few words each) with the numbers of the sources that support it. Give several answers only when the question is ambiguous (for example, different people share a name).
Leave out answers that only misinformation supports. If no source answers the question, list no answers.
${DATA_RULE}
Reply with JSON only: {"answers": [{"answer": "...", "sources": [1, 2]}], "explanation": "..."}`;
  const user = `${renderPassages(passages)}\n${questionBlock(question)}`;
  const known = new Set(passages.map((passage) => passage.number));
  return {
    request: chatRequest(model, { name: 'all_answers', schema: Output, system, user, maxTokens: 600 }),
    parse: (text) => {
      const parsed = readObject(text, Loose, {
        aliases: {
          answers: ['all correct answers', 'correct answers', 'final answer'],
          explanation: EXPLANATION_ALIASES,
        },
      });
      return {
        explanation: parsed.explanation,
        answers: parsed.answers
          .filter((entry) => !isIdk(entry.answer))
          .map((entry) => ({
            answer: reduceAnswer(entry.answer, question),
            sources: entry.sources.filter((number) => known.has(number)),
          })),
      };
    },
  };
}
