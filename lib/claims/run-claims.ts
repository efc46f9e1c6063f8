import type { ClaimCheck } from '../core/claim-check';
import { FactCheckError } from '../core/errors';
import type { Verdict } from '../core/verdict';
import { RunLedger } from '../pipeline/ledger';
import { startMethod } from '../pipeline/methods/common';
import type { CheckFunction, CheckInput } from '../pipeline/types';
import { checkClaims } from './check-claims';
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

/**
 * The method and, when the page shows the engine's own answer, the claim check beside it, in one
 * ledger (one budget). A claim check that fails for any reason but cancellation leaves the verdict
 * without it rather than losing the verdict.
 */
export function withClaimCheck(method: CheckFunction): CheckFunction {
  return async (input) => {
    if (!hasBox(input) || input.claimCheck === false) return method(input);
    const ledger = input.ledger ?? new RunLedger(input);
    const claims = claimCheckOf(input, ledger).catch((error: unknown) => {
      if (error instanceof FactCheckError && error.code === 'cancelled') throw error;
      console.warn('claim check failed', error);
      return undefined;
    });
    const [verdict, check] = await Promise.all([method({ ...input, ledger }), claims]);
    return withClaims(verdict, check, ledger);
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
