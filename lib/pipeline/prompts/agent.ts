import { z } from 'zod';
import type { ChatModel } from '../../llm/chat-model';
import { DATA_RULE, questionBlock, sourceBlock, tag } from '../delimit';
import { labelledLine, parseModelOutput, shortReply } from '../parse';
import { chatRequest, looseString, type Prompt } from './shared';

const Output = z.object({ answer: z.string(), explanation: z.string() });
const Loose = z.object({ answer: looseString, explanation: looseString.default('') });

export interface AgentAnswer {
  answer: string;
  explanation: string;
}

/** What the aggregator concluded last round, shown to agents from round 2 on. */
export interface DebateContext {
  answers: string[];
  explanation: string;
  /** Other agents' answers, optional in MADAM. */
  others: string[];
}

export interface AgentSource {
  domain: string;
  title: string;
  text: string;
}

/**
 * One agent, one source: the RA-RAG keyword answer and MADAM's round-1 response in one call
 * (a short answer copied from the source, or IDK, with a one-sentence reason). From round 2 the
 * agent also sees the aggregator's last answer and may keep or revise its own.
 */
export function agentPrompt(
  model: ChatModel,
  question: string,
  source: AgentSource,
  debate?: DebateContext,
): Prompt<AgentAnswer> {
  const debateRules = debate
    ? `
Other agents read other sources; their summary is below. Several answers can all be right when the question is ambiguous (different people or things share the name). Keep your answer if your source supports it; change it only if you misread your source.`
    : '';
  const system = `Answer the question from the one source you are given, and from nothing else.
The answer is the shortest exact answer (a name, number, date or a few words), copied from the source's words.
If the source does not answer the question, the answer is "IDK".${debateRules}
${DATA_RULE}
Reply with JSON only: {"answer": "...", "explanation": "one sentence"}`;
  const parts = [sourceBlock({ id: 1, domain: source.domain, title: source.title, text: source.text })];
  if (debate) {
    const summary = `Answers: ${debate.answers.length ? debate.answers.join(' | ') : 'unknown'}\nWhy: ${debate.explanation}`;
    parts.push(tag('agent', { role: 'aggregator' }, summary));
    if (debate.others.length) parts.push(tag('agent', { role: 'others' }, debate.others.join('\n')));
  }
  parts.push(questionBlock(question));
  return {
    request: chatRequest(model, {
      name: 'agent_answer',
      schema: Output,
      system,
      user: parts.join('\n'),
      maxTokens: 160,
    }),
    parse: (text) =>
      parseModelOutput(text, Loose, (plain) => {
        const answer = labelledLine(plain, 'answer') ?? shortReply(plain);
        return answer === undefined ? undefined : { answer, explanation: labelledLine(plain, 'explanation') ?? '' };
      }),
  };
}
