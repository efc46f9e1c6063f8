import { z } from 'zod';

/**
 * Field schemas for what models write instead of the asked type. One reading everywhere: a
 * confidence of 8, "8/10", "80%" and 0.8 are the same; null is "nothing", never the text "null".
 */

/** A text field; a number becomes its digits, null (and nothing at all) the empty text. */
export const looseString = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((value) => (value === null ? '' : String(value).trim()));

/**
 * A list of short texts: a JSON list, or one text separated by | ; or new lines. Commas never
 * split ("Washington, D.C."); a list written as one text "A, B" stays one answer for the vote.
 */
export const looseStringList = z
  .union([z.array(z.union([z.string(), z.number(), z.null()])), z.string(), z.number(), z.null()])
  .transform((value) => {
    const items = Array.isArray(value) ? value : value === null ? [] : String(value).split(/\s*(?:[|;\n])\s*/);
    return items.flatMap((item) => (item === null ? [] : [String(item).trim()])).filter((item) => item !== '');
  });

/** Passage or source numbers: [1, 2], "1, 2", "[1]", 3. */
export const looseNumberList = z
  .union([z.array(z.union([z.number(), z.string(), z.null()])), z.number(), z.string(), z.null()])
  .transform((value) => (Array.isArray(value) ? value : value === null ? [] : [value]))
  .transform((list) => list.flatMap((item) => String(item ?? '').match(/\d+/g) ?? []).map(Number));

export const looseBoolean = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .transform((value) => value === true || value === 1 || /^(true|yes|memory|internal)$/i.test(String(value).trim()));

const CONFIDENCE_WORDS: Array<[RegExp, number]> = [
  [/\b(very high|certain|sure|definitely)\b/, 0.95],
  [/\bvery low\b/, 0.1],
  [/\b(high|confident|likely)\b/, 0.85],
  [/\b(medium|moderate|fair|somewhat)\b/, 0.6],
  [/\b(low|unsure|uncertain|unlikely|guess)\b/, 0.3],
  [/\b(none|zero)\b/, 0],
];

/**
 * A confidence in 0..1 from 0.8, 8 (out of 10), 80 (percent), "80%", "8/10", "4 out of 5", "high";
 * undefined when there is none to read.
 */
export function readConfidence(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? scale(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.toLowerCase();
  const ratio = /(-?\d+(?:\.\d+)?)\s*(?:\/|out of|of)\s*(\d+(?:\.\d+)?)/.exec(text);
  if (ratio?.[1] && ratio[2] && Number(ratio[2]) > 0) return clamp(Number(ratio[1]) / Number(ratio[2]));
  const percent = /(-?\d+(?:\.\d+)?)\s*(?:%|percent)/.exec(text);
  if (percent?.[1]) return clamp(Number(percent[1]) / 100);
  const number = /-?\d+(?:\.\d+)?/.exec(text);
  if (number) return scale(Number(number[0]));
  return CONFIDENCE_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** 0..1 as is; up to 10 a score out of ten; up to 100 a percentage. */
const scale = (value: number) => clamp(value <= 1 ? value : value <= 10 ? value / 10 : value / 100);

/** A confidence field: unreadable or missing confidences become `fallback`. */
export const looseConfidence = (fallback: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => readConfidence(value) ?? fallback);
