import { z } from 'zod';
import type { ChatModel } from '../../llm/chat-model';
import { looseBoolean, looseNumberList, looseString } from '../../model-output/fields';
import { readObject } from '../../model-output/read-object';
import { DATA_RULE, questionBlock } from '../delimit';
import { type ConsolidatedDocument, type Passage, renderDocuments, renderPassages } from './context';
import { chatRequest, type Prompt } from './shared';

const Document = z.object({ text: z.string(), memory: z.boolean(), from: z.array(z.number().int()) });
const Output = z.object({ documents: z.array(Document) });
const Loose = z.object({
  documents: z.array(
    z.object({ text: looseString, memory: looseBoolean.default(false), from: looseNumberList.default([]) }),
  ),
});

export const CONSOLIDATION_RULES = `- Put passages that agree into one group and summarize them in one short document.
- Keep passages that conflict in separate documents, one per view.
- Leave out anything that does not help answer the question.
- For each document say whether memory contributed ("memory": true) and which passage numbers it merges ("from").`;

/** Astute consolidation (t > 1): the initial passages and the last consolidated context become a new one. */
export function consolidatePrompt(
  model: ChatModel,
  question: string,
  initial: Passage[],
  last: ConsolidatedDocument[] | null,
): Prompt<ConsolidatedDocument[]> {
  const system = `Consolidate passages from search results (<source>) and from your memory (<memory>) for a question.
${CONSOLIDATION_RULES}
${DATA_RULE}
Reply with JSON only: {"documents": [{"text": "...", "memory": false, "from": [1, 2]}]}`;
  const user = [
    'Initial passages:',
    renderPassages(initial),
    ...(last ? ['Last consolidated context:', renderDocuments(last)] : []),
    questionBlock(question),
  ].join('\n');
  const known = new Set(initial.map((passage) => passage.number));
  return {
    request: chatRequest(model, { name: 'consolidated_context', schema: Output, system, user, maxTokens: 900 }),
    parse: (text) =>
      readObject(text, Loose, {
        aliases: { documents: ['groups', 'consolidated context', 'context'], from: ['sources'] },
      }).documents.map((document) => ({
        ...document,
        from: document.from.filter((number) => known.has(number)),
      })),
  };
}
