import { z } from 'zod';
import { answersEquivalent } from '../../answers/equivalence';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseConfidence, looseString } from '../../model-output/fields';
import { plainReply } from '../../model-output/plain';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock, tag } from '../delimit';
import { ANSWER_ALIASES, chatRequest, type Prompt } from './shared';

const Output = z.object({ answer: z.string(), confidence: z.number().min(0).max(1) });
const Loose = z.object({ answer: looseString, confidence: looseConfidence(0.5) });

export interface Reflection {
  /** The memory answer again (confirmed), or IDK (withdrawn). */
  answer: string;
  confidence: number;
}

/**
 * BRIDGE's reflection, reduced to what a search page allows: the model sees its memory answer and
 * what the results say, and checks its own knowledge again: it confirms its answer with a new
 * confidence, or withdraws it. It is not asked for a new answer: one copied from the results would
 * count the results twice and hide the conflict. Any other answer it gives counts as a withdrawal.
 */
export function reflectPrompt(
  model: ChatModel,
  question: string,
  memory: { answer: string; confidence: number },
  external: { answers: string[]; sites: number },
): Prompt<Reflection> {
  const system = `You answered a question from memory, and search results say something else.
Check your own knowledge again, without taking the results' word for it.
If you are still sure of your answer, give the same answer with how sure you are (0.0 to 1.0). If you are no longer sure, answer "IDK" with confidence 0.
${DATA_RULE}
Reply with JSON only: {"answer": "...", "confidence": 0.0 to 1.0}`;
  const user = [
    tag('memory', { confidence: memory.confidence.toFixed(2) }, memory.answer),
    tag('source', { sites: external.sites }, external.answers.join(' | ')),
    questionBlock(question),
  ].join('\n');
  return {
    request: chatRequest(model, { name: 'reflected_answer', schema: Output, system, user, maxTokens: 120 }),
    parse: (text) => {
      const parsed = readObject(text, Loose, {
        aliases: { answer: ANSWER_ALIASES },
        plain: (plain) => {
          const answer = plainReply(plain);
          return answer === undefined ? undefined : { answer };
        },
      });
      const answer = reduceAnswer(parsed.answer, question);
      if (isIdk(answer) || !answersEquivalent(answer, memory.answer)) return { answer: 'IDK', confidence: 0 };
      return { answer: memory.answer, confidence: parsed.confidence };
    },
  };
}
