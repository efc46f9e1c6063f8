import { jsonrepair } from 'jsonrepair';

/** A JSON object found in a model's text, and whether the text ended before it closed. */
export interface ObjectText {
  text: string;
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
      if (depth === 0) found.push({ text: text.slice(start, at + 1), truncated: false });
    }
  }
  if (depth > 0 && start >= 0) found.push({ text: text.slice(start), truncated: true });
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

/** Parses JSON as small models write it (single quotes, trailing commas, bare keys, Python literals). */
export function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // repaired below
  }
  try {
    return JSON.parse(jsonrepair(text));
  } catch {
    return undefined;
  }
}
