import { isIdk } from './idk';
import { answerTokens } from './normalize';

const ISO_DATE = /^-?\d{3,4}(-\d{2}(-\d{2})?)?$/;
const LIST_WORDS = new Set(['and', 'or', 'not', 'no', 'vs', 'versus', 'nor', 'but', 'except', 'without', 'neither']);
/** Extra words that name a different thing than the shorter answer: a letter, a numeral, a roman numeral. */
const NAMING_TOKEN = /^(\p{L}|-?\d.*|x{0,3}(ix|iv|v?i{0,3}))$/u;

function containsRun(longer: string[], shorter: string[]): boolean {
  for (let start = 0; start + shorter.length <= longer.length; start++) {
    if (shorter.every((token, k) => longer[start + k] === token)) return true;
  }
  return false;
}

/**
 * Same answer? Equal normal forms; a date and a more precise date of the same day/month/year;
 * or token containment that cannot merge distinct answers: the shorter answer has a word of three
 * letters or more, and the extra words are few and carry no numbers, letters, roman numerals or
 * list words ("Paris" vs "Paris and Rome", "Hepatitis" vs "Hepatitis C", "World War" vs "World War II").
 */
export function answersEquivalent(a: string, b: string): boolean {
  if (isIdk(a) || isIdk(b)) return isIdk(a) && isIdk(b);
  return tokensEquivalent(answerTokens(a), answerTokens(b));
}

export function tokensEquivalent(left: string[], right: string[]): boolean {
  if (left.join(' ') === right.join(' ')) return left.length > 0;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (shorter.length === 0) return false;
  const shortDate = shorter.length === 1 && ISO_DATE.test(shorter[0] ?? '') ? shorter[0] : undefined;
  const longDates = longer.filter((token) => ISO_DATE.test(token));
  if (shortDate !== undefined && longDates.length === 1) {
    const [longDate] = longDates;
    if (longDate?.startsWith(`${shortDate}-`) && longer.length <= 3) return true;
  }
  if (!shorter.some((token) => /\p{L}{3,}/u.test(token))) return false;
  if (!containsRun(longer, shorter)) return false;
  const extra = [...longer];
  for (const token of shorter) extra.splice(extra.indexOf(token), 1);
  return extra.length <= 4 && !extra.some((token) => NAMING_TOKEN.test(token) || LIST_WORDS.has(token));
}
