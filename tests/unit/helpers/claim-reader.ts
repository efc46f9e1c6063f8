import type { ChatRequest } from '@/lib/llm/chat-model';
import { blocks, promptSources, type Rules } from './scripted-model';

/**
 * A literal-minded scripted reader for the claim check: every numbered sentence is one claim, or two
 * when two facts are joined by "; " or ", while " (numbers make a claim worth more); a snippet addresses a claim when it shares two of its content words
 * (one if the claim has one),
 * supports it when it contains every number of the claim, contradicts it when it gives another
 * number instead; the quote is copied from the snippet around the deciding number.
 */
const NUMBER = /\d[\d,.]*\d|\d/g;
const numbersOf = (text: string) => (text.match(NUMBER) ?? []).map((n) => n.replace(/[,.]$/, ''));
const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 5),
  );

/** The snippet's words around `at`: up to two words before, the token itself. */
function quoteAround(snippet: string, token: string): string {
  const at = snippet.indexOf(token);
  const before = snippet.slice(0, at).split(/\s+/).slice(-3).join(' ');
  return `${before}${token}`.trim();
}

export function readClaim(
  claim: string,
  snippet: string,
): { stance: 'supports' | 'contradicts'; quote: string } | null {
  const topic = wordsOf(claim);
  const shared = [...topic].filter((word) => wordsOf(snippet).has(word));
  if (shared.length < Math.min(2, topic.size) || shared.length === 0) return null;
  const wanted = numbersOf(claim);
  const given = numbersOf(snippet);
  if (wanted.length === 0) return { stance: 'supports', quote: shared[0] ?? '' };
  const missing = wanted.filter((number) => !given.includes(number));
  if (missing.length === 0) return { stance: 'supports', quote: quoteAround(snippet, wanted[0] ?? '') };
  const other = given.find((number) => !wanted.includes(number) && number.length >= 3);
  return other ? { stance: 'contradicts', quote: quoteAround(snippet, other) } : null;
}

export function claimReaderRules(): Rules {
  return {
    claims: (request: ChatRequest) => {
      const answer = blocks(request, 'answer')[0]?.body ?? '';
      const sentences = [...answer.matchAll(/^(\d+)\. (.*)$/gm)];
      // Two facts joined by "; " or ", while " are two claims.
      return {
        claims: sentences.flatMap((match) =>
          (match[2] ?? '').split(/;\s+|,\s+while\s+/).map((claim) => ({
            sentence: Number(match[1]),
            claim,
            worth: /\d/.test(claim) ? 0.9 : 0.5,
          })),
        ),
      };
    },
    'claim-evidence': (request: ChatRequest) => {
      const claims = [...(blocks(request, 'claims')[0]?.body ?? '').matchAll(/^(\d+)\. (.*)$/gm)];
      const sources = promptSources(request);
      return {
        readings: claims.flatMap((claim) =>
          sources.flatMap((source) => {
            const reading = readClaim(claim[2] ?? '', source.text);
            return reading ? [{ claim: Number(claim[1]), source: Number(source.id), ...reading }] : [];
          }),
        ),
      };
    },
  };
}
