import type { ClaimCheck } from '../core/claim-check';
import { FactCheckError } from '../core/errors';
import type { Usage, Verdict } from '../core/verdict';
import { RunLedger } from '../pipeline/ledger';
import { startMethod } from '../pipeline/methods/common';
import type { CheckFunction, CheckInput } from '../pipeline/types';
import { checkClaims } from './check-claims';
import { splitSentences } from './sentences';
import { summarizeClaims } from './summary';

const hasBox = (input: CheckInput) => (input.answerBox?.text.trim() ?? '') !== '';

function claimCheckOf(input: CheckInput, ledger: RunLedger): Promise<ClaimCheck | undefined> {
  const box = input.answerBox;
  if (!box) return Promise.resolve(undefined);
  return checkClaims({
    question: input.question,
    box,
    sources: input.sources.filter((source) => !input.trust(source.domain).blocked),
    trust: input.trust,
    ledger,
    onUpdate: (check) => input.emit?.({ type: 'claim-check', check }),
  });
}

function withClaims(verdict: Verdict, check: ClaimCheck | undefined, ledger: RunLedger): Verdict {
  if (!check) return verdict;
  return { ...verdict, claimCheck: check, answerBoxCheck: summarizeClaims(check), usage: ledger.usage() };
}

/** More than a short answer: several sentences, or more words than a name, date or number takes. */
export function isLongAnswer(text: string | null): text is string {
  if (!text) return false;
  return splitSentences(text).length >= 2 || text.trim().split(/\s+/).length > LONG_ANSWER_WORDS;
}
const LONG_ANSWER_WORDS = 12;

/**
 * The check's own answer, when long, checked claim by claim against the same results (with what
 * the run's budget has left), so it is shown with the same marks as the engine's answer.
 */
async function withAnswerCheck(input: CheckInput, verdict: Verdict, ledger: RunLedger): Promise<Verdict> {
  if (!isLongAnswer(verdict.finalAnswer) || !ledger.canAfford(2)) return verdict;
  try {
    const answerCheck = await checkClaims({
      question: input.question,
      box: { kind: 'consolidated-answer', text: verdict.finalAnswer, sourceUrls: [] },
      sources: input.sources.filter((source) => !input.trust(source.domain).blocked),
      trust: input.trust,
      ledger,
    });
    return { ...verdict, answerCheck, usage: ledger.usage() };
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'cancelled') throw error;
    return verdict;
  }
}

/**
 * The method and, when the page shows the engine's own answer, the claim check beside it, in one
 * ledger (one budget). A claim check that fails for any reason but cancellation leaves the verdict
 * without it rather than losing the verdict.
 */
export function withClaimCheck(method: CheckFunction): CheckFunction {
  return async (input) => {
    const ledger = input.ledger ?? new RunLedger(input);
    if (!hasBox(input) || input.claimCheck === false) {
      return withAnswerCheck(input, await method({ ...input, ledger }), ledger);
    }
    const claims = claimCheckOf(input, ledger).catch((error: unknown) => {
      if (error instanceof FactCheckError && error.code === 'cancelled') throw error;
      console.warn('claim check failed', error);
      return undefined;
    });
    const [verdict, check] = await Promise.all([method({ ...input, ledger }), claims]);
    return withAnswerCheck(input, withClaims(verdict, check, ledger), ledger);
  };
}

/** The "Check the AI answer" action: only the claim check, in a verdict that answers nothing itself. */
export const runClaimsOnly: CheckFunction = async (input) => {
  const run = startMethod(input);
  if (!hasBox(input)) {
    throw new FactCheckError('no-capture', 'This page shows no answer from the search engine to check.');
  }
  const check = await claimCheckOf(input, run.ledger);
  const verdict = run.finish({
    method: 'claims',
    strategy: 'refuse',
    explanation: 'Only the search engine’s own answer was checked, claim by claim.',
    confidence: 0,
    claims: [],
  });
  return withClaims(verdict, check, run.ledger);
};

const plus = (a: Usage, b: Usage): Usage => ({
  calls: a.calls + b.calls,
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
  ms: a.ms + b.ms,
});

/**
 * An answer box that reached the page after its check began (an AI Overview streaming in): its
 * claims checked alone, in their own budget, and added to the check's verdict, whose answer,
 * conflicts and sources stay as they were.
 */
export async function addLateClaimCheck(input: CheckInput, verdict: Verdict): Promise<Verdict> {
  const alone = await runClaimsOnly({ ...input, method: 'claims' });
  if (!alone.claimCheck) return verdict;
  return {
    ...verdict,
    claimCheck: alone.claimCheck,
    ...(alone.answerBoxCheck ? { answerBoxCheck: alone.answerBoxCheck } : {}),
    usage: plus(verdict.usage, alone.usage),
  };
}
