/**
 * What real models write instead of the asked JSON, rendered from a scripted answer. Each form is
 * one habit reported by users of small local models (Ollama, llama.cpp, WebLLM and AI SDK issue
 * threads) or seen from outside: the scripted object carries the same information in every form,
 * so a pipeline that reads them all gives the clean form's verdict (or a clear error).
 */

export const FORMS = [
  'clean',
  'fence',
  'prose',
  'think-block',
  'capitalised-keys',
  'upper-snake-keys',
  'markdown-labels',
  'plain-labels',
  'python-dict',
  'trailing-commas',
  'unescaped-quotes',
  'truncated',
  'nulls',
  'corrected',
  'confidence-out-of-10',
  'confidence-percent',
  'confidence-ratio',
  'confidence-word',
  'sentence-answers',
  'refusal-phrasings',
  'array-wrapped',
  'json-string',
  'json-tag-no-fence',
  'comments',
  'xml-tags',
] as const;
export type Form = (typeof FORMS)[number];

export interface RenderContext {
  question: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ANSWER_KEYS = new Set(['answer', 'answers', 'final']);
const CONFIDENCE_KEY = 'confidence';
const isIdkText = (value: string) => value === 'IDK';

/** Applies `change` to every value under an answer key (strings and lists of strings). */
function mapAnswers(value: Json, change: (answer: string) => Json, key = ''): Json {
  if (Array.isArray(value)) return value.map((item) => mapAnswers(item, change, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, mapAnswers(entry, change, name)]));
  }
  return typeof value === 'string' && ANSWER_KEYS.has(key) ? change(value) : value;
}

function mapConfidence(value: Json, change: (confidence: number) => Json, key = ''): Json {
  if (Array.isArray(value)) return value.map((item) => mapConfidence(item, change, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, mapConfidence(entry, change, name)]));
  }
  return typeof value === 'number' && key === CONFIDENCE_KEY ? change(value) : value;
}

function mapKeys(value: Json, rename: (key: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [rename(name), mapKeys(entry, rename)]));
  }
  return value;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Python's repr of a dict, as models trained on Python write it. */
function pythonRepr(value: Json): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.includes("'") ? JSON.stringify(value) : `'${value}'`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, entry]) => `'${key}': ${pythonRepr(entry)}`)
    .join(', ')}}`;
}

function withTrailingCommas(value: Json, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${withTrailingCommas(item, inner)},`).join('\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return `{\n${entries.map(([key, entry]) => `${inner}"${key}": ${withTrailingCommas(entry, inner)},`).join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** Lines "**Key:** value"; lists of text as bullets; lists of objects stay JSON after the label. */
function labelled(value: Json, markdown: boolean): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const label = (key: string) => (markdown ? `**${capitalise(key)}:**` : `${capitalise(key)}:`);
  return Object.entries(value)
    .map(([key, entry]) => {
      if (Array.isArray(entry) && entry.every((item) => typeof item === 'string')) {
        return entry.length ? `${label(key)}\n${entry.map((item) => `- ${item}`).join('\n')}` : `${label(key)} none`;
      }
      if (entry !== null && typeof entry === 'object') return `${label(key)} ${JSON.stringify(entry)}`;
      return `${label(key)} ${entry === null ? 'null' : String(entry)}`;
    })
    .join('\n');
}

/** "What is the capital of France?" + "Paris" → "The capital of France is Paris." */
export function sentenceFor(question: string, answer: string): string {
  const match = /^(?:what|who|when|where|which)\s+(is|was|are|were)\s+(.+?)\s*\??$/i.exec(question.trim());
  if (match?.[1] && match[2]) return `${capitalise(match[2])} ${match[1].toLowerCase()} ${answer}.`;
  return `The answer is ${answer}.`;
}

const REFUSALS = [
  "The source doesn't say.",
  'Not specified in the source.',
  'No information provided.',
  'Insufficient information.',
  'The document does not provide this.',
  'I am not sure.',
  "I don't know.",
  'Unknown',
  'N/A',
  'None of the sources mention it.',
];

const confidenceWord = (value: number) =>
  value >= 0.9 ? 'very high' : value >= 0.75 ? 'high' : value >= 0.5 ? 'medium' : value > 0 ? 'low' : 'none';

/** The JSON text with the last string value, when it is a long free text, cut in the middle of a word. */
function truncated(value: Json): string {
  const json = JSON.stringify(value);
  const last = /"((?:[^"\\]|\\.){12,})"\}$/.exec(json);
  if (last?.index !== undefined) return json.slice(0, last.index + 1 + Math.floor((last[1]?.length ?? 0) / 2));
  // No free text at the end: the model went on with an explanation it was not asked for, and ran out.
  return `${json.slice(0, -1)}, "explanation": "I weighed each source and the question carefu`;
}

/** <answer>Paris</answer> per field; lists of text as one tag per item, objects as JSON inside the tag. */
function xmlTags(value: Json): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, entry]) => {
      if (Array.isArray(entry) && entry.every((item) => typeof item === 'string')) {
        return `<${key}>${entry.length ? `\n${entry.map((item) => `- ${item}`).join('\n')}\n` : 'none'}</${key}>`;
      }
      const text = entry !== null && typeof entry === 'object' ? JSON.stringify(entry) : String(entry);
      return `<${key}>${text}</${key}>`;
    })
    .join('\n');
}

let refusalTurn = 0;

/** The scripted object as a model writing in `form` would write it. */
export function render(value: unknown, form: Form, context: RenderContext): string {
  if (typeof value === 'string') return value; // the scenario scripted raw text itself
  const json = value as Json;
  switch (form) {
    case 'clean':
      return JSON.stringify(json);
    case 'fence':
      return `Here is the answer in JSON:\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\nLet me know if you need anything else.`;
    case 'prose':
      return `Sure! Based on what I was given, here is my reply: ${JSON.stringify(json)} I hope this helps.`;
    case 'think-block':
      return `<think>\nThe user wants JSON. Maybe {"answer": "something else"}? No, let me read again.\n</think>\n${JSON.stringify(json)}`;
    case 'capitalised-keys':
      return JSON.stringify(mapKeys(json, capitalise));
    case 'upper-snake-keys':
      return JSON.stringify(mapKeys(json, (key) => (key === 'final' ? 'FINAL_ANSWER' : key.toUpperCase())));
    case 'markdown-labels':
      return labelled(json, true);
    case 'plain-labels':
      return labelled(json, false);
    case 'python-dict':
      return pythonRepr(json);
    case 'trailing-commas':
      return withTrailingCommas(json);
    case 'unescaped-quotes':
      return JSON.stringify(json).replace(
        /"(explanation|summary)":"((?:[^"\\]|\\.)*)"/g,
        (_, key: string, text: string) => `"${key}":"As the text puts it, "${text}" - that is all."`,
      );
    case 'truncated':
      return truncated(json);
    case 'nulls':
      return JSON.stringify(
        mapAnswers(json, (answer) => (isIdkText(answer) ? null : answer)),
        (_key, entry: Json) => (entry === '' || (Array.isArray(entry) && entry.length === 0) ? null : entry),
      );
    case 'corrected': {
      const draft = mapAnswers(json, (answer) => `${answer} (draft)`);
      return `${JSON.stringify(draft)}\nWait, I made a mistake. Here is the corrected answer:\n${JSON.stringify(json)}`;
    }
    case 'confidence-out-of-10':
      return JSON.stringify(mapConfidence(json, (confidence) => Math.round(confidence * 10)));
    case 'confidence-percent':
      return JSON.stringify(mapConfidence(json, (confidence) => `${Math.round(confidence * 100)}%`));
    case 'confidence-ratio':
      return JSON.stringify(mapConfidence(json, (confidence) => `${Math.round(confidence * 10)}/10`));
    case 'confidence-word':
      return JSON.stringify(mapConfidence(json, confidenceWord));
    case 'sentence-answers':
      return JSON.stringify(
        mapAnswers(json, (answer) => (isIdkText(answer) ? answer : sentenceFor(context.question, answer))),
      );
    case 'array-wrapped':
      return JSON.stringify([json]);
    case 'json-string':
      return JSON.stringify(JSON.stringify(json));
    case 'json-tag-no-fence':
      return `json\n${JSON.stringify(json, null, 2)}`;
    case 'comments':
      return JSON.stringify(json, null, 2).replace(/\n(\s*)"/, '\n$1// as asked, the object:\n$1"');
    case 'xml-tags':
      return xmlTags(json);
    case 'refusal-phrasings':
      return JSON.stringify(
        mapAnswers(json, (answer) => (isIdkText(answer) ? (REFUSALS[refusalTurn++ % REFUSALS.length] ?? '') : answer)),
      );
  }
}
