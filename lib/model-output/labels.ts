import { parseLenient } from './json-text';
import { canonical, type FieldNames } from './schema-keys';

/** A label at the start of a line or after a sentence: "Answer:", "**Final answer:**", "- confidence =". */
const LABEL = /(^|\n|[.;|]\s+|,\s+)[\s*_#>`-]*([\p{L}][\p{L}\p{N} _'-]{0,40}?)[\s*_`]*[:=]/gu;
const BULLET = /^\s*(?:[-*+•]|\d+[.)])\s+/;

/** A value as a person reads it: no markdown emphasis, no wrapping quotes, no closing full stop. */
function cleanValue(raw: string): unknown {
  const lines = raw
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.replace(/[*_`]/g, '').trim() !== '');
  if (lines.length > 0 && lines.every((line) => BULLET.test(line))) {
    return lines.map((line) => cleanScalar(line.replace(BULLET, '')));
  }
  const joined = lines.join(' ').replace(/^[\s*_`]+|[\s*_`]+$/g, '');
  if (/^[[{].*[\]}]$/.test(joined)) {
    const value = parseLenient(joined);
    if (value !== null && typeof value === 'object') return value;
  }
  return cleanScalar(joined);
}

function cleanScalar(text: string): string | null {
  const value = text
    .replace(/^[\s*_`]+|[\s*_`]+$/g, '')
    .replace(/^["'“‘]+|["'”’]+$/g, '')
    .replace(/(?<!(?:^|[\s.])\p{L})\.$/u, '')
    .replace(/[,;]$/, '')
    .trim();
  return /^(null|none|n\/a)$/i.test(value) ? null : value;
}

/**
 * The values of spans found by `labelSpans` ("Answer: Paris", "**Confidence:** 8/10", tags), the
 * first of each field kept; undefined when no known label appears. Commas never split a value.
 */
export function fieldsFromSpans(
  text: string,
  spans: ReadonlyArray<{ field: string; valueStart: number; valueEnd: number }>,
): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  for (const span of spans) {
    if (!(span.field in fields)) fields[span.field] = cleanValue(text.slice(span.valueStart, span.valueEnd));
  }
  return Object.keys(fields).length ? fields : undefined;
}

/**
 * Where each known field's value lies in the text: tags first (<answer>Paris</answer>, as models
 * tuned on tagged prompts write them), then labels in order, each running to the next label.
 */
export function labelSpans(
  text: string,
  names: FieldNames,
): Array<{ field: string; valueStart: number; valueEnd: number }> {
  const tags: Array<{ field: string; valueStart: number; valueEnd: number }> = [];
  for (const match of text.matchAll(/<([\p{L}_ -]{1,40})>([\s\S]*?)<\/\1>/gu)) {
    const field = names.lookup.get(canonical(match[1] ?? ''));
    if (field === undefined) continue;
    const valueStart = (match.index ?? 0) + (match[1]?.length ?? 0) + 2;
    tags.push({ field, valueStart, valueEnd: valueStart + (match[2]?.length ?? 0) });
  }
  const found: Array<{ field: string; start: number; end: number }> = [];
  for (const match of text.matchAll(LABEL)) {
    const field = names.lookup.get(canonical(match[2] ?? ''));
    if (field === undefined) continue;
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    found.push({ field, start, end: (match.index ?? 0) + match[0].length });
  }
  const labels = found.map((label, index) => ({
    field: label.field,
    valueStart: label.end,
    valueEnd: found[index + 1]?.start ?? text.length,
  }));
  return [...tags, ...labels];
}
