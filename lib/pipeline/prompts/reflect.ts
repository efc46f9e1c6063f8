import { z } from 'zod';
import type { ChatModel } from '../../llm/chat-model';
import { DATA_RULE, questionBlock, tag } from '../delimit';
import { isIdk } from '../normalize';
import { confidenceFrom, labelledLine, parseModelOutput } from '../parse';
import { chatRequest, looseConfidence, looseString, type Prompt } from './shared';

const Output = z.object({ answer: z.string(), confidence: z.number().min(0).max(1) });
const Loose = z.object({ answer: looseString.default('IDK'), confidence: looseConfidence.default(0.5) });

/**
 * BRIDGE's reflection, reduced to what a search page allows: the model sees its memory answer and
 * what the results say, and answers again from its own knowledge with a new confidence.
 */
export function reflectPrompt(
  model: ChatModel,
  question: string,
  memory: { answer: string; confidence: number },
  external: { answers: string[]; sites: number },
): Prompt<{ answer: string; confidence: number }> {
  const system = `You answered a question from memory, and search results say something else.
Think again using your own knowledge. If you are sure, keep your answer; if the results remind you of a better answer, give it; if you are unsure, answer "IDK".
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
      const parsed = parseModelOutput(text, Loose, (plain) => {
        const answer = labelledLine(plain, 'answer');
        return answer === undefined
          ? undefined
          : { answer, confidence: confidenceFrom(labelledLine(plain, 'confidence')) ?? 0.5 };
      });
      return isIdk(parsed.answer) ? { answer: 'IDK', confidence: 0 } : parsed;
    },
  };
}
