import { z } from 'zod';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseString } from '../../model-output/fields';
import { plainReply } from '../../model-output/plain';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock, sourceBlock } from '../delimit';
import type { AgentAnswer, AgentSource } from './agent';
import { ANSWER_ALIASES, chatRequest, EXPLANATION_ALIASES, type Prompt } from './shared';

const Output = z.object({ answer: z.string() });
const Loose = z.object({ answer: looseString, explanation: looseString.default('') });

/** Small models follow examples, the IDK cases most of all (RA-RAG's appendix teaches the task so). */
const EXAMPLES = `Examples:
"The Eiffel Tower, completed in 1889, is in Paris." / When was the Eiffel Tower finished? → {"answer": "1889"}
"Mount Everest is the highest mountain above sea level." / How tall is Mount Everest? → {"answer": "IDK"}`;

/**
 * RA-RAG's keyword answer: one source, the answer in its words or IDK, no explanation. The default
 * run asks every source this way; only an agent that goes on to debate is asked to explain
 * (prompts/agent.ts), so the sources that agree pay for no reasons nobody reads.
 */
export function keywordAnswerPrompt(model: ChatModel, question: string, source: AgentSource): Prompt<AgentAnswer> {
  const system = `Give the keyword answer from the one source below only: the shortest exact answer (a name, number, date or a few words) in its words, or "IDK" if it does not answer the question.
${DATA_RULE}
${EXAMPLES}
Reply with JSON only: {"answer": "..."}`;
  const user = `${sourceBlock({ id: 1, domain: source.domain, title: source.title, text: source.text })}\n${questionBlock(question)}`;
  return {
    request: chatRequest(model, { name: 'keyword_answer', schema: Output, system, user, maxTokens: 60 }),
    parse: (text) => {
      const read = readObject(text, Loose, {
        aliases: { answer: ANSWER_ALIASES, explanation: EXPLANATION_ALIASES },
        plain: (plain) => {
          const answer = plainReply(plain);
          return answer === undefined ? undefined : { answer };
        },
      });
      return { answer: reduceAnswer(read.answer, question), explanation: '' };
    },
  };
}
