import type { z } from 'zod';
import { FactCheckError } from '../core/errors';
import { completePart, type ObjectText, objectTexts, parseLenient } from './json-text';
import { fieldsFromSpans, labelSpans } from './labels';
import { conformKeys, type FieldNames, fieldNames } from './schema-keys';

export interface ReadOptions {
  /** Other names a field goes by, per field: `{ final: ['final answer'] }`. Case and spacing never matter. */
  aliases?: Record<string, readonly string[]>;
  /**
   * A reply with neither JSON nor labelled fields ("Paris", "I don't know"): the value to validate
   * instead, or undefined when such a reply means nothing for this task.
   */
  plain?: (text: string) => unknown;
}

export type ReadResult<T> = { ok: true; value: T } | { ok: false; error: FactCheckError };

/** A reply sent as one JSON string ("{\\"answer\\": ...}"), as some servers wrap it: its content. */
function unquoted(reply: string): string {
  if (!reply.startsWith('"')) return reply;
  try {
    const inner: unknown = JSON.parse(reply);
    return typeof inner === 'string' ? inner : reply;
  } catch {
    return reply;
  }
}

const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

/**
 * Reads one object of `schema` out of whatever a model wrote: JSON alone, in a code fence or inside
 * prose; repaired (single quotes, trailing commas, bare keys, unescaped quotes: the `jsonrepair`
 * library); keys in any case or spacing, singular or plural, or by an alias; a later object that
 * corrects an earlier one wins. Output cut at the token limit keeps only its complete values. With
 * no usable JSON, labelled lines ("**Answer:** Paris", "Confidence: 8/10"), then `options.plain`.
 * A reasoning model's <think> block is skipped.
 */
export function tryReadObject<S extends z.ZodType>(
  text: string,
  schema: S,
  options: ReadOptions = {},
): ReadResult<z.output<S>> {
  const names = fieldNames(schema, options.aliases);
  // A reasoning model's thoughts (<think>…</think>) are drafts, not the reply.
  const reply = unquoted(text.replace(/<think(?:ing)?>[\s\S]*?(<\/think(?:ing)?>|$)/gi, '').trim());
  // An object written as a labelled field's value ("**Rejected:** [{...}]") belongs to that field:
  // read alone it would pass for the whole reply (a rejected answer read as an accepted one).
  const spans = labelSpans(reply, names);
  const inLabel = (start: number) => spans.some((span) => start >= span.valueStart && start < span.valueEnd);
  const objects = objectTexts(reply).reverse();
  const read = (found: ObjectText) => parseLenient(found.truncated ? completePart(found.text) : found.text);
  const attempts: unknown[] = [
    ...objects.filter((found) => !inLabel(found.start)).map(read),
    fieldsFromSpans(reply, spans),
    ...objects.filter((found) => inLabel(found.start)).map(read),
  ];
  if (options.plain) attempts.push(options.plain(reply));
  let firstIssue: string | undefined;
  for (const value of attempts) {
    if (value === undefined || value === null || typeof value !== 'object') continue;
    const parsed = schema.safeParse(conformKeys(value, schema, options.aliases));
    if (parsed.success) return { ok: true, value: parsed.data };
    firstIssue ??= parsed.error.issues[0]?.path.join('.') || parsed.error.issues[0]?.message;
  }
  const why = firstIssue ? ` (no usable "${firstIssue}")` : '';
  return {
    ok: false,
    error: new FactCheckError('malformed-output', `The model's answer could not be read${why}: ${preview(text)}`),
  };
}

/** As tryReadObject, throwing the 'malformed-output' FactCheckError when nothing fits. */
export function readObject<S extends z.ZodType>(text: string, schema: S, options: ReadOptions = {}): z.output<S> {
  const result = tryReadObject(text, schema, options);
  if (!result.ok) throw result.error;
  return result.value;
}

export type { FieldNames };
