/**
 * Answer normalization for voting and early stop: two answers count as the same when their
 * normal forms are equal, or when one safely contains the other ("Paris" and "Paris, France").
 */

const IDK_PATTERNS = [
  /^(idk|unknown|none|n\/?a|no answer|not (stated|mentioned|given|specified|available|known|provided))$/,
  /^i (do not|don't|dont) know$/,
  /^(the )?(document|source|text|passage)s? (does|do) not (say|state|mention|answer)/,
  /^(cannot|can't|cant) (be )?(determine|determined|answer|tell)/,
];

/** True for any way a model says it cannot answer. */
export function isIdk(answer: string | null | undefined): boolean {
  if (answer === null || answer === undefined) return true;
  const plain = answer
    .toLowerCase()
    .replace(/[.!"'`“”‘’]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain === '' || IDK_PATTERNS.some((pattern) => pattern.test(plain));
}

const SMALL_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const MULTIPLIERS: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const monthNumber = (word: string): number | undefined => {
  const at = MONTHS.findIndex((month) => month === word || (word.length >= 3 && month.startsWith(word)));
  return at >= 0 ? at + 1 : undefined;
};
const pad = (value: number) => String(value).padStart(2, '0');
const isYear = (token: string | undefined) => token !== undefined && /^\d{3,4}$/.test(token);
const isDay = (token: string | undefined) =>
  token !== undefined && /^\d{1,2}$/.test(token) && Number(token) >= 1 && Number(token) <= 31;

/** "one thousand two hundred" → "1200"; only whole runs of number words, so "one of them" stays. */
function wordsToNumbers(tokens: string[]): string[] {
  const out: string[] = [];
  let total = 0;
  let current = 0;
  let inNumber = false;
  const flush = () => {
    if (inNumber) out.push(String(total + current));
    total = 0;
    current = 0;
    inNumber = false;
  };
  for (const token of tokens) {
    const small = SMALL_NUMBERS[token];
    const multiplier = MULTIPLIERS[token];
    if (small !== undefined) {
      current += small;
      inNumber = true;
    } else if (multiplier !== undefined && (inNumber || /^\d+$/.test(out.at(-1) ?? ''))) {
      if (!inNumber) {
        current = Number(out.pop());
        inNumber = true;
      }
      if (multiplier === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * multiplier;
        current = 0;
      }
    } else if (token === 'and' && inNumber) {
      // "one hundred and five"
    } else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out;
}

/** Rewrites "march 3 2020", "3 march 2020", "march 2020" into ISO-style tokens. */
function datesToIso(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    const monthA = a === undefined ? undefined : monthNumber(a);
    const monthB = b === undefined ? undefined : monthNumber(b);
    if (monthA && isDay(b) && isYear(c)) {
      out.push(`${c}-${pad(monthA)}-${pad(Number(b))}`);
      i += 2;
    } else if (isDay(a) && monthB && isYear(c)) {
      out.push(`${c}-${pad(monthB)}-${pad(Number(a))}`);
      i += 2;
    } else if (monthA && isYear(b) && a !== 'may') {
      out.push(`${b}-${pad(monthA)}`);
      i += 1;
    } else if (a !== undefined) out.push(a);
  }
  return out;
}

const ARTICLES = new Set(['a', 'an', 'the']);

/** The normal form's tokens: lower case, no punctuation or articles, numbers as digits, dates as ISO. */
export function answerTokens(answer: string): string[] {
  const text = answer
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1') // 1,000 → 1000
    .replace(/(\d{4})-(\d{2})-(\d{2})/g, ' $1_$2_$3 ') // keep ISO dates whole through the split
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1') // 3rd → 3
    .replace(/(\d)\.0+\b/g, '$1');
  const raw = text
    .split(/[^\p{L}\p{N}_.]+/u)
    .map((token) => token.replace(/^\.+|\.+$/g, ''))
    .filter((token) => token !== '' && !ARTICLES.has(token));
  return datesToIso(wordsToNumbers(raw)).map((token) => token.replace(/_/g, '-'));
}

export function normalizeAnswer(answer: string): string {
  return isIdk(answer) ? 'idk' : answerTokens(answer).join(' ');
}

const ISO_DATE = /^\d{3,4}(-\d{2}(-\d{2})?)?$/;
const LIST_WORDS = new Set(['and', 'or', 'not', 'vs', 'versus', 'nor', 'but', 'except']);

function containsRun(longer: string[], shorter: string[]): boolean {
  for (let start = 0; start + shorter.length <= longer.length; start++) {
    if (shorter.every((token, k) => longer[start + k] === token)) return true;
  }
  return false;
}

/**
 * Same answer? Equal normal forms; a date and a more precise date of the same day/month/year;
 * or token containment that cannot merge distinct answers: the shorter answer has a word of three
 * letters or more, and the extra words carry no numbers and no list words ("Paris" vs "Paris and Rome").
 */
export function answersEquivalent(a: string, b: string): boolean {
  if (isIdk(a) || isIdk(b)) return isIdk(a) && isIdk(b);
  const left = answerTokens(a);
  const right = answerTokens(b);
  if (left.join(' ') === right.join(' ')) return left.length > 0;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (shorter.length === 0) return false;
  const shortDate = shorter.length === 1 && ISO_DATE.test(shorter[0] ?? '') ? shorter[0] : undefined;
  const longDates = longer.filter((token) => ISO_DATE.test(token));
  if (shortDate !== undefined && longDates.length === 1) {
    const [longDate] = longDates;
    if (longDate?.startsWith(`${shortDate}`) && longer.length <= 3) return true;
  }
  if (!shorter.some((token) => /\p{L}{3,}/u.test(token))) return false;
  if (!containsRun(longer, shorter)) return false;
  const extra = [...longer];
  for (const token of shorter) extra.splice(extra.indexOf(token), 1);
  return extra.length <= 4 && !extra.some((token) => /\d/.test(token) || LIST_WORDS.has(token));
}
