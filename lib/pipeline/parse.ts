import type { z } from 'zod';
import { FactCheckError } from '../core/errors';

/**
 * Model output is untrusted: find JSON in prose or code fences, repair the usual slips of small
 * models (trailing commas, single quotes, smart quotes, bare keys, Python literals), validate with
 * zod; else fall back to a line-based reading; fail with 'malformed-output' only when nothing fits.
 */

/** Balanced {...} or [...] spans, outermost first, in order of appearance. */
function balancedSpans(text: string): string[] {
  const spans: string[] = [];
  for (let start = 0; start < text.length; start++) {
    const open = text[start];
    if (open !== '{' && open !== '[') continue;
    const stack: string[] = [];
    let inString: string | null = null;
    for (let end = start; end < text.length; end++) {
      const char = text[end];
      if (inString) {
        if (char === '\\') end++;
        else if (char === inString) inString = null;
        continue;
      }
      if (char === '"') inString = char;
      else if (char === '{' || char === '[') stack.push(char === '{' ? '}' : ']');
      else if (char === '}' || char === ']') {
        if (stack.pop() !== char) break;
        if (stack.length === 0) {
          spans.push(text.slice(start, end + 1));
          start = end;
          break;
        }
      }
    }
  }
  return spans;
}

export function jsonCandidates(text: string): string[] {
  const fenced = [...text.matchAll(/```(?:json|JSON)?\s*([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const candidates = [...fenced.flatMap(balancedSpans), ...balancedSpans(text)];
  // An unclosed object at the end (the model stopped at its token limit): close it.
  const lastOpen = text.lastIndexOf('{');
  if (candidates.length === 0 && lastOpen >= 0) candidates.push(closeTruncated(text.slice(text.indexOf('{'))));
  return candidates;
}

function closeTruncated(text: string): string {
  const stack: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') stack.pop();
  }
  return `${text}${inString ? '"' : ''}${stack.reverse().join('')}`;
}

export function repairJson(text: string): string {
  return text
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/'((?:[^'\\\n]|\\.)*)'(?=\s*[:,}\]])/g, (_, body: string) => JSON.stringify(body.replace(/\\'/g, "'")))
    .replace(/([{,]\s*)([A-Za-z_][\w-]*)(\s*:)/g, '$1"$2"$3')
    .replace(/:\s*True\b/g, ': true')
    .replace(/:\s*False\b/g, ': false')
    .replace(/:\s*None\b/g, ': null')
    .replace(/,\s*([}\]])/g, '$1');
}

function tryJson(candidate: string): unknown {
  for (const attempt of [candidate, repairJson(candidate)]) {
    try {
      return JSON.parse(attempt);
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

/** Reads `schema` out of a model's text; `fallback` turns plain lines into a value to validate. */
export function parseModelOutput<T>(text: string, schema: z.ZodType<T>, fallback?: (text: string) => unknown): T {
  for (const candidate of jsonCandidates(text)) {
    const value = tryJson(candidate);
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  if (fallback) {
    const parsed = schema.safeParse(fallback(text));
    if (parsed.success) return parsed.data;
  }
  throw new FactCheckError('malformed-output', `The model's answer could not be read: ${text.slice(0, 120)}`);
}

/**
 * The value after `Label:` (case-insensitive; `label` may be an alternation), up to the end of the
 * line or to a following "Explanation:"/"Confidence:"/"Reason:" on the same line (MADAM's format).
 */
export function labelledLine(text: string, label: string): string | undefined {
  const pattern = new RegExp(
    `(?:^|[.;]\\s+)\\W*(?:${label})\\W*[:=]\\s*(.+?)(?=\\s*\\.?\\s*\\b(?:explanation|confidence|reason)\\s*:|$)`,
    'im',
  );
  const match = pattern.exec(text);
  return match?.[1]?.replace(/^["'[]+|["'\].]+$/g, '').trim();
}

/** A list written as JSON, or separated by | ; or commas: each item without quotes or brackets. */
export function listFrom(text: string): string[] {
  return text
    .split(/\s*[|;,]\s*/)
    .map((item) => item.replace(/^[\s"'[]+|[\s"'\].]+$/g, ''))
    .filter((item) => item !== '');
}

/** A bare short reply ("Paris", "IDK"): one line of at most 12 words, else undefined. */
export function shortReply(text: string): string | undefined {
  const trimmed = text.trim().replace(/^["'`]+|["'`.]+$/g, '');
  if (trimmed === '' || trimmed.includes('\n') || /[{}[\]]/.test(trimmed)) return undefined;
  return trimmed.split(/\s+/).length <= 12 ? trimmed : undefined;
}

/** A number in 0..1 from "0.8", "80%", "high"; undefined when absent. */
export function confidenceFrom(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const percent = /(\d+(?:\.\d+)?)\s*%/.exec(text);
  if (percent?.[1]) return Math.min(1, Number(percent[1]) / 100);
  const number = /\d+(?:\.\d+)?/.exec(text);
  if (number) {
    const value = Number(number[0]);
    return value > 1 ? Math.min(1, value / (value <= 10 ? 10 : 100)) : value;
  }
  const word = text.toLowerCase();
  if (word.includes('high')) return 0.85;
  if (word.includes('medium') || word.includes('moderate')) return 0.6;
  if (word.includes('low')) return 0.3;
  return undefined;
}

/** Plain-text fallback for prompts that ask for "all correct answers" and an explanation. */
export function answersFromLines(plain: string): { answers: string[]; explanation: string } | undefined {
  const answers = labelledLine(plain, 'all correct answers|answers?');
  return answers === undefined
    ? undefined
    : { answers: listFrom(answers), explanation: labelledLine(plain, 'explanation') ?? '' };
}
