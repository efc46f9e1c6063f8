import { jsonrepair } from 'jsonrepair';

/** A JSON object found in a model's text, and whether the text ended before it closed. */
export interface ObjectText {
  text: string;
  /** Where the object starts in the text. */
  start: number;
  truncated: boolean;
}

/**
 * Every top-level {...} in the text, in order of appearance; an object still open when the text
 * ends (the model hit its token limit) comes last, marked truncated. Quotes of either kind are
 * respected, so a brace inside a string does not count.
 */
export function objectTexts(text: string): ObjectText[] {
  const found: ObjectText[] = [];
  let depth = 0;
  let start = -1;
  let quote: string | null = null;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' && depth > 0) quote = char;
    else if (char === '{') {
      if (depth === 0) start = at;
      depth++;
    } else if (char === '}' && depth > 0) {
      depth--;
      if (depth === 0) found.push({ text: text.slice(start, at + 1), start, truncated: false });
    }
  }
  if (depth > 0 && start >= 0) found.push({ text: text.slice(start), start, truncated: true });
  return found;
}

/**
 * What is complete in a truncated object: everything up to the last comma or opening bracket
 * outside a string, unless the text ends right after a finished string or bracket. The value being
 * written when the text stopped is dropped, never kept half-written ("Par" is not "Paris"), and a
 * list still open is dropped whole (its missing items would silently change the answer).
 */
export function completePart(text: string): string {
  // Per open bracket: where the field holding it began, to drop a list cut in the middle whole.
  const stack: Array<{ char: string; fieldStart: number }> = [];
  let quote: string | null = null;
  let cut = 0;
  let lastValueEnd = -1;
  let keyPosition = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) {
        quote = null;
        // A finished key is no finished value: its value is still to come.
        if (!keyPosition) lastValueEnd = at;
      }
      continue;
    }
    if (char === '"') quote = char;
    else if (char === ',' || char === '{' || char === '[') {
      if (char !== ',') stack.push({ char, fieldStart: cut });
      cut = char === ',' ? at : at + 1;
      keyPosition = char === '{' || (char === ',' && stack.at(-1)?.char === '{');
    } else if (char === ':') keyPosition = false;
    else if (char === '}' || char === ']') {
      stack.pop();
      lastValueEnd = at;
      keyPosition = false;
    }
  }
  // A list cut short is not the list the model meant: drop the field that holds it.
  const openList = stack.find((entry) => entry.char === '[');
  if (openList) return text.slice(0, openList.fieldStart);
  const endsOnValue = !quote && lastValueEnd >= cut && text.slice(lastValueEnd + 1).trim() === '';
  return endsOnValue ? text.slice(0, lastValueEnd + 1) : text.slice(0, cut);
}

/**
 * Escapes quotes a model left bare inside a string ("The source says "Paris" - so."): a quote ends
 * a string only where JSON can go on after it (a comma before a key or value, a colon, a bracket).
 */
export function escapeInnerQuotes(text: string): string {
  let out = '';
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inString && char === '\\') {
      out += char + (text[at + 1] ?? '');
      at++;
      continue;
    }
    if (char !== '"') {
      out += char;
      continue;
    }
    if (!inString) {
      inString = true;
      out += char;
      continue;
    }
    const rest = text.slice(at + 1);
    const closes = /^\s*([:}\]]|$|,\s*["{[\d\-tfn\]}])/.test(rest);
    if (closes) inString = false;
    out += closes ? char : '\\"';
  }
  return out;
}

/** Parses JSON as small models write it (single quotes, trailing commas, bare keys, Python literals, bare quotes). */
export function parseLenient(text: string): unknown {
  for (const attempt of [() => text, () => jsonrepair(text), () => jsonrepair(escapeInnerQuotes(text))]) {
    try {
      return JSON.parse(attempt());
    } catch {
      // the next repair
    }
  }
  return undefined;
}
