import { z } from 'zod';

/** A field's name as compared: no case, no spaces, underscores, dashes or markdown. */
export const canonical = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The field names of an object schema, and every name that leads to each. */
export interface FieldNames {
  fields: string[];
  /** canonical name or alias → field */
  lookup: Map<string, string>;
}

/** The schema behind wrappers that do not change the shape (optional, default, transforms...). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 20; depth++) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodPrefault ||
      current instanceof z.ZodCatch ||
      current instanceof z.ZodReadonly
    ) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return current;
  }
  return current;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return inner.shape as Record<string, z.ZodType>;
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as readonly z.ZodType[]) {
      const shape = objectShape(option);
      if (shape) return shape;
    }
  }
  return undefined;
}

function elementOf(schema: z.ZodType): z.ZodType | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) return inner.element as z.ZodType;
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as readonly z.ZodType[]) {
      const element = elementOf(option);
      if (element) return element;
    }
  }
  return undefined;
}

/** The names an object schema's fields answer to: their own, singular/plural, and the aliases given. */
export function fieldNames(schema: z.ZodType, aliases: Record<string, readonly string[]> = {}): FieldNames {
  const fields = Object.keys(objectShape(schema) ?? {});
  const lookup = new Map<string, string>();
  for (const field of fields) lookup.set(canonical(field), field);
  for (const field of fields) {
    for (const alias of aliases[field] ?? []) if (!lookup.has(canonical(alias))) lookup.set(canonical(alias), field);
  }
  for (const field of fields) {
    const name = canonical(field);
    const other = name.endsWith('s') ? name.slice(0, -1) : `${name}s`;
    if (!lookup.has(other)) lookup.set(other, field);
  }
  return { fields, lookup };
}

/**
 * The value with its object keys renamed to the schema's fields (at every depth), unknown keys
 * dropped; null where a list belongs is the empty list. When two keys lead to one field, the exact
 * name wins, then the first written.
 */
export function conformKeys(
  value: unknown,
  schema: z.ZodType,
  aliases: Record<string, readonly string[]> = {},
): unknown {
  // A list written as null ("none") is an empty list.
  if (value === null && elementOf(schema)) return [];
  if (Array.isArray(value)) {
    const element = elementOf(schema);
    return element ? value.map((item) => conformKeys(item, element, aliases)) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const shape = objectShape(schema);
  if (!shape) return value;
  const { lookup } = fieldNames(schema, aliases);
  const result: Record<string, unknown> = {};
  const exact = new Set<string>();
  for (const [key, entry] of Object.entries(value)) {
    const field = lookup.get(canonical(key));
    if (field === undefined) continue;
    const isExact = key === field;
    if (field in result && (exact.has(field) || !isExact)) continue;
    if (isExact) exact.add(field);
    const fieldSchema = shape[field];
    result[field] = fieldSchema ? conformKeys(entry, fieldSchema, aliases) : entry;
  }
  return result;
}
