import { z } from 'zod';
import type { ChatModel } from '../../llm/chat-model';
import { DATA_RULE, questionBlock, sourceBlock } from '../delimit';
import { type AgentAnswer, type AgentSource, readAgentAnswer } from './agent';
import { chatRequest, type Prompt } from './shared';

const Output = z.object({ answer: z.string() });

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
    // No explanation was asked for: whatever the model added is not kept.
    parse: (text) => ({ answer: readAgentAnswer(text, question).answer, explanation: '' }),
  };
}
