import { z } from 'zod';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseConfidence, looseString, looseStringList } from '../../model-output/fields';
import { plainReply } from '../../model-output/plain';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock } from '../delimit';
import { ANSWER_ALIASES, chatRequest, type Prompt } from './shared';

const Output = z.object({
  passages: z.array(z.string()),
  answer: z.string(),
  confidence: z.number().min(0).max(1),
});
const Loose = z.object({
  passages: looseStringList.default([]),
  answer: looseString,
  confidence: looseConfidence(0.5),
});

export interface InternalKnowledge {
  passages: string[];
  /** The model's own short answer, IDK when it does not know. */
  answer: string;
  confidence: number;
}

/** Astute step 1: at most `maxPassages` passages from memory, none when unsure (constitutional rules). */
export function internalKnowledgePrompt(
  model: ChatModel,
  question: string,
  maxPassages: number,
): Prompt<InternalKnowledge> {
  const system = `Write what you know that answers the question, from memory only.
Rules: be accurate; stay on the question; never invent facts. If you are unsure, say you do not know.
${maxPassages === 1 ? 'Write at most one short passage.' : `Write at most ${maxPassages} short passages, each with different information.`}
Then give the short answer (a few words) and how sure you are.
${DATA_RULE}
Reply with JSON only: {"passages": ["..."], "answer": "...", "confidence": 0.0 to 1.0}
If you do not know: {"passages": [], "answer": "IDK", "confidence": 0}`;
  return {
    request: chatRequest(model, {
      name: 'internal_knowledge',
      schema: Output,
      system,
      user: questionBlock(question),
      maxTokens: 120 + 180 * maxPassages,
    }),
    parse: (text) => {
      const parsed = readObject(text, Loose, {
        aliases: { passages: ['passage', 'knowledge', 'memory', 'facts'], answer: ANSWER_ALIASES },
        // A bare reply ("Paris", "I don't know") is the answer, stated without a confidence.
        plain: (plain) => {
          const answer = plainReply(plain);
          return answer === undefined ? undefined : { passages: isIdk(answer) ? [] : [answer], answer };
        },
      });
      const answer = reduceAnswer(parsed.answer, question);
      const known = !isIdk(answer);
      return {
        passages: known ? parsed.passages.filter((passage) => !isIdk(passage)).slice(0, maxPassages) : [],
        answer: known ? answer : 'IDK',
        confidence: known ? parsed.confidence : 0,
      };
    },
  };
}
