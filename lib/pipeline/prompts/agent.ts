import { z } from 'zod';
import { reduceAnswer } from '../../answers/reduce';
import type { ChatModel } from '../../llm/chat-model';
import { looseString } from '../../model-output/fields';
import { plainReply } from '../../model-output/plain';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock, sourceBlock, tag } from '../delimit';
import { ANSWER_ALIASES, chatRequest, EXPLANATION_ALIASES, type Prompt } from './shared';

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

/** RA-RAG's appendix shows the keyword task by example, IDK cases included: small models follow examples. */
const EXAMPLES = `Examples:
Source: "The Eiffel Tower, completed in 1889, is in Paris." Question: "When was the Eiffel Tower finished?"
{"answer": "1889", "explanation": "The source says it was completed in 1889."}
Source: "Mount Everest is the highest mountain above sea level." Question: "How tall is Mount Everest?"
{"answer": "IDK", "explanation": "The source does not give its height."}
Source: "Jane Austen's novels include Emma (1815)." Question: "Who wrote Pride and Prejudice?"
{"answer": "IDK", "explanation": "The source names Austen's novels but not this one."}`;

/**
 * One agent, one source: the RA-RAG keyword answer and MADAM's round-1 response in one call
 * (a short answer copied from the source, or IDK, with a one-sentence reason). From round 2 the
 * agent also sees the aggregator's last answer and the other agents' answers, and reconsiders in
 * their light (MADAM §4).
 */
export function agentPrompt(
  model: ChatModel,
  question: string,
  source: AgentSource,
  debate?: DebateContext,
): Prompt<AgentAnswer> {
  const debateRules = debate
    ? `
Other agents read other sources. Below are the aggregator's summary and the other agents' answers. Reconsider your answer in their light: keep it if your source supports it; change it if you misread your source or another agent shows your source is about something else; answer "IDK" if your source does not really answer the question. Several answers can all be right when the question is ambiguous (different people or things share the name).`
    : '';
  const system = `Answer the question from the one source you are given, and from nothing else.
The answer is the shortest exact answer (a name, number, date or a few words), copied from the source's words. Not a sentence.
If the source does not answer the question, the answer is "IDK".${debateRules}
${DATA_RULE}
${EXAMPLES}
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
    parse: (text) => readAgentAnswer(text, question),
  };
}

/**
 * One source's answer as a model wrote it (JSON, aliased keys, or a plain reply), reduced to the
 * answer's words; the explanation when there is one. Agents and keyword answers read alike.
 */
export function readAgentAnswer(text: string, question: string): AgentAnswer {
  const read = readObject(text, Loose, {
    aliases: { answer: ANSWER_ALIASES, explanation: EXPLANATION_ALIASES },
    plain: (plain) => {
      const answer = plainReply(plain);
      return answer === undefined ? undefined : { answer };
    },
  });
  return { answer: reduceAnswer(read.answer, question), explanation: read.explanation };
}
