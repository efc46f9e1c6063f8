import { z } from 'zod';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseConfidence, looseStringList } from '../../model-output/fields';
import { plainReply } from '../../model-output/plain';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock } from '../delimit';
import { ANSWER_ALIASES, chatRequest, type Prompt } from './shared';

const Output = z.object({ answers: z.array(z.string()), confidence: z.number().min(0).max(1) });
const Loose = z.object({ answers: looseStringList, confidence: looseConfidence(0.5) });

export interface MemoryAnswer {
  answers: string[];
  confidence: number;
}

/** No RAG: the model answers from its own knowledge only. */
export function noragPrompt(model: ChatModel, question: string): Prompt<MemoryAnswer> {
  const system = `Answer the question from your own knowledge. Give the exact answer only, a few words.
If several answers are correct (for example, different people share the name), list them all.
If you are not sure, give no answers and confidence 0. Never guess.
${DATA_RULE}
Reply with JSON only: {"answers": ["..."], "confidence": 0.0 to 1.0}`;
  return {
    request: chatRequest(model, {
      name: 'memory_answer',
      schema: Output,
      system,
      user: questionBlock(question),
      maxTokens: 200,
    }),
    parse: (text) => {
      const parsed = readObject(text, Loose, {
        aliases: { answers: ['all correct answers', ...ANSWER_ALIASES] },
        plain: (plain) => {
          const answer = plainReply(plain);
          return answer === undefined ? undefined : { answers: [answer] };
        },
      });
      const answers = parsed.answers.filter((answer) => !isIdk(answer)).map((answer) => reduceAnswer(answer, question));
      return { answers, confidence: answers.length ? parsed.confidence : 0 };
    },
  };
}
