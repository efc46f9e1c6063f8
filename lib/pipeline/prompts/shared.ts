import { z } from 'zod';
import type { ChatModel } from '../../llm/chat-model';
import type { LedgerRequest } from '../ledger';

/** A prompt ready to send, and how to read its answer. */
export interface Prompt<T> {
  request: LedgerRequest;
  parse(text: string): T;
}

/**
 * One system message (the task and the output format) and one user message (the data).
 * Temperature 0 as in the papers; the JSON schema goes to backends that can enforce it (the prompt
 * states the format either way, for those that cannot and for servers that reject the schema).
 */
export function chatRequest(
  model: ChatModel,
  spec: { name: string; schema: z.ZodType; system: string; user: string; maxTokens: number },
): LedgerRequest {
  return {
    messages: [
      { role: 'system', content: spec.system },
      { role: 'user', content: spec.user },
    ],
    temperature: 0,
    maxTokens: spec.maxTokens,
    ...(model.supportsJsonSchema
      ? { jsonSchema: { name: spec.name, schema: z.toJSONSchema(spec.schema) as Record<string, unknown> } }
      : {}),
  };
}

/** Names small models give the usual fields instead of the asked ones. */
export const ANSWER_ALIASES = ['final answer', 'short answer', 'keyword answer', 'keyword', 'result', 'response'];
export const EXPLANATION_ALIASES = ['reason', 'reasoning', 'rationale', 'why', 'justification', 'because'];
