import { isIdk } from './idk';

/**
 * The normal form of a short answer, for voting, early stop, trust and the eval metrics: case,
 * punctuation, leading articles, number words, dates and common abbreviations do not matter;
 * letters and numerals that name things ("Vitamin A", "Plan B") and a number's sign do.
 */

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

/** Abbreviations that name the same thing as the full word. */
const ABBREVIATIONS: Record<string, string> = {
  mt: 'mount',
  mtn: 'mountain',
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  pt: 'point',
  jr: 'junior',
  sr: 'senior',
  dr: 'doctor',
  mr: 'mister',
  gen: 'general',
  univ: 'university',
};
const LEADING_ARTICLES = new Set(['a', 'an', 'the']);
const NEGATIVE = 'neg';

/** "U.S." → "us", "J.R.R." → "jrr": dotted initials are one token. */
const undot = (token: string) => (/^(\p{L}\.)+\p{L}?$/u.test(token) ? token.replace(/\./g, '') : token);

/**
 * The normal form's tokens: lower case, no punctuation, no leading article and no "the", numbers as
 * digits with their sign, dates as ISO, abbreviations spelled out. "a" after the first word is a
 * letter that names something ("Vitamin A"), not an article.
 */
export function answerTokens(answer: string): string[] {
  const text = answer
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1') // 1,000 → 1000
    .replace(/(^|[^\p{L}\p{N}.])[-−–](?=\d)/gu, `$1 ${NEGATIVE}_`) // -40 keeps its sign
    .replace(/\bminus (?=\d)/g, `${NEGATIVE}_`)
    .replace(/(\d{4})-(\d{2})-(\d{2})/g, ' $1_$2_$3 ') // keep ISO dates whole through the split
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1') // 3rd → 3
    .replace(/(\d)\.0+\b/g, '$1');
  const raw = text
    .split(/[^\p{L}\p{N}_.]+/u)
    .map((token) => undot(token.replace(/^\.+|\.+$/g, '')))
    .filter((token) => token !== '')
    .map((token) => ABBREVIATIONS[token] ?? token);
  while (raw.length > 1 && LEADING_ARTICLES.has(raw[0] ?? '')) raw.shift();
  const tokens = raw.filter((token) => token !== 'the');
  return datesToIso(wordsToNumbers(tokens)).map((token) =>
    token.startsWith(`${NEGATIVE}_`) ? `-${token.slice(NEGATIVE.length + 1)}` : token.replace(/_/g, '-'),
  );
}

export function normalizeAnswer(answer: string): string {
  return isIdk(answer) ? 'idk' : answerTokens(answer).join(' ');
}
