import { answerTokens } from '../answers/normalize';
import type { AnswerBox } from '../core/serp-capture';
import type { AnswerBoxCheck } from '../core/verdict';

/** Does the engine's text state this answer? Whole normalized tokens, in order, anywhere in the text. */
function mentions(text: string, answer: string): boolean {
  const haystack = answerTokens(text);
  const needle = answerTokens(answer);
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((token, k) => haystack[start + k] === token)) return true;
  }
  // A date in the answer box more precise than the answer ("1963-02-17" for "1963").
  return needle.length === 1 && haystack.some((token) => /^\d{4}-/.test(token) && token.startsWith(`${needle[0]}-`));
}

/** Compares the engine's own answer with the verdict: no model call, so it costs nothing. */
export function checkAnswerBox(box: AnswerBox, accepted: string[], rejected: string[]): AnswerBoxCheck {
  const supported = accepted.filter((answer) => mentions(box.text, answer));
  const contradicted = rejected.filter((answer) => mentions(box.text, answer));
  if (supported.length > 0) {
    return {
      status: 'supported',
      explanation: `The ${box.kind} states ${supported.map((a) => `"${a}"`).join(', ')}, as the checked results do.`,
    };
  }
  if (contradicted.length > 0 || (accepted.length > 0 && box.text.trim() !== '')) {
    const said = contradicted.length
      ? ` it states ${contradicted.map((a) => `"${a}"`).join(', ')}, which the check rejected`
      : ' it does not state the checked answer';
    return {
      status: contradicted.length ? 'contradicted' : 'unverified',
      explanation: `The ${box.kind} disagrees or is silent:${said}.`,
    };
  }
  return {
    status: 'unverified',
    explanation: 'The results did not settle the question, so the answer box could not be checked.',
  };
}
