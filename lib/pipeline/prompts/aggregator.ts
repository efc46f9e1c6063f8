import { z } from 'zod';
import { answersEquivalent } from '../../answers/equivalence';
import { isIdk } from '../../answers/idk';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseString, looseStringList } from '../../model-output/fields';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock, tag } from '../delimit';
import { chatRequest, EXPLANATION_ALIASES, type Prompt } from './shared';

const RejectReason = z.enum(['misinformation', 'outdated', 'noise']);
const Output = z.object({
  answers: z.array(z.string()),
  rejected: z.array(z.object({ answer: z.string(), reason: RejectReason })),
  explanation: z.string(),
});
const Loose = z.object({
  answers: looseStringList,
  rejected: z
    .union([
      z.array(
        z.union([
          z.object({ answer: looseString, reason: looseString.default('misinformation') }),
          looseString.transform((answer) => ({ answer, reason: 'misinformation' })),
        ]),
      ),
      looseStringList.transform((answers) => answers.map((answer) => ({ answer, reason: 'misinformation' }))),
    ])
    .default([]),
  explanation: looseString.default(''),
});

export type RejectionReason = z.infer<typeof RejectReason>;
export interface AggregatedAnswer {
  answers: string[];
  rejected: Array<{ answer: string; reason: RejectionReason }>;
  explanation: string;
}

export interface AgentResponse {
  answer: string;
  explanation: string;
  domain: string;
  /** Shown in the composed run, where the trust store knows the site. */
  reliability?: number;
}

const asReason = (reason: string): RejectionReason => {
  const parsed = RejectReason.safeParse(reason.toLowerCase().trim());
  return parsed.success ? parsed.data : 'misinformation';
};

/** MADAM's aggregator: all correct answers, misinformation and noise dropped, "unknown" as no answers. */
export function aggregatorPrompt(
  model: ChatModel,
  question: string,
  responses: AgentResponse[],
): Prompt<AggregatedAnswer> {
  const system = `You read the answers of agents. Each agent read one search result.
Give every correct answer. Keep several answers when the question is ambiguous (the results are about different people or things with the same name).
Drop answers that only misinformation or noise supports: a claim that other agents' sources contradict, a weak explanation, or a site of low reliability.
List dropped answers in "rejected" with a reason: "misinformation", "outdated" or "noise". If no answer is supported, give no answers.
${DATA_RULE}
Reply with JSON only: {"answers": ["..."], "rejected": [{"answer": "...", "reason": "misinformation"}], "explanation": "..."}`;
  const agents = responses.map((response, index) => {
    const attributes: Record<string, string | number> = { id: index + 1, domain: response.domain };
    if (response.reliability !== undefined) attributes.reliability = response.reliability.toFixed(2);
    return tag('agent', attributes, `Answer: ${response.answer}\nExplanation: ${response.explanation}`);
  });
  const user = `${agents.join('\n')}\n${questionBlock(question)}`;
  return {
    request: chatRequest(model, { name: 'aggregated_answer', schema: Output, system, user, maxTokens: 500 }),
    parse: (text) => {
      const parsed = readObject(text, Loose, {
        aliases: {
          answers: ['all correct answers', 'correct answers', 'final answers', 'accepted', 'final answer'],
          rejected: ['dropped', 'rejected answers', 'discarded'],
          explanation: EXPLANATION_ALIASES,
        },
      });
      const rejected = parsed.rejected
        .filter((entry) => !isIdk(entry.answer))
        .map((entry) => ({ answer: reduceAnswer(entry.answer, question), reason: asReason(entry.reason) }));
      const answers = parsed.answers.filter((answer) => !isIdk(answer)).map((answer) => reduceAnswer(answer, question));
      return {
        // An answer the aggregator also rejected is not accepted: the contradiction settles nothing.
        answers: answers.filter((answer) => !rejected.some((entry) => answersEquivalent(entry.answer, answer))),
        rejected,
        explanation: parsed.explanation,
      };
    },
  };
}
