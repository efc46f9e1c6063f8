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
 * Temperature 0 as in the papers; the JSON schema goes to backends that can enforce it.
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

/** Lenient pieces for parsing what small models write. */
export const looseString = z.union([z.string(), z.number()]).transform(String);
export const looseStringList = z
  .union([z.array(looseString), looseString])
  .transform((value) => (Array.isArray(value) ? value : value.split(/\s*[|;]\s*/)))
  .transform((list) => list.map((item) => item.trim()).filter((item) => item !== ''));
export const looseNumberList = z
  .union([z.array(z.union([z.number(), z.string()])), z.number(), z.string()])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .transform((list) => list.flatMap((item) => String(item).match(/\d+/g) ?? []).map(Number));
export const looseConfidence = z.union([z.number(), z.string()]).transform((value) => {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  if (Number.isNaN(number)) return 0.5;
  const scaled = number > 1 ? number / 100 : number;
  return Math.min(1, Math.max(0, scaled));
});
export const looseBoolean = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((value) => value === true || value === 1 || /^(true|yes|memory|internal)$/i.test(String(value)));
