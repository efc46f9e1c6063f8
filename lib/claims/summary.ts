import type { ClaimCheck, ClaimOutcome } from '../core/claim-check';
import type { AnswerBoxCheck } from '../core/verdict';

const count = (check: ClaimCheck, outcome: ClaimOutcome) =>
  check.claims.filter((claim) => claim.outcome === outcome).length;

/**
 * The box as a whole: contradicted if any claim is, supported only if every checked claim is,
 * else unverified; the explanation counts each outcome.
 */
export function summarizeClaims(check: ClaimCheck): AnswerBoxCheck {
  const parts: Array<[ClaimOutcome, string]> = [
    ['supported', 'supported'],
    ['contradicted', 'contradicted'],
    ['disputed', 'disputed'],
    ['not-found', 'not found in the results'],
    ['unchecked', 'not checked (budget)'],
  ];
  const counts = parts.map(([outcome, label]) => [count(check, outcome), label] as const).filter(([n]) => n > 0);
  const total = check.claims.length;
  const said = counts.map(([n, label]) => `${n} ${label}`).join(', ');
  const leftOut =
    check.leftOut > 0
      ? ` ${check.leftOut} less check-worthy claim${check.leftOut === 1 ? ' was' : 's were'} left out.`
      : '';
  const explanation = total
    ? `Of ${total} claim${total === 1 ? '' : 's'} in the ${check.boxKind.replace('-', ' ')}: ${said}.${leftOut}`
    : `The ${check.boxKind.replace('-', ' ')} states no checkable claim.`;
  const status =
    count(check, 'contradicted') > 0
      ? 'contradicted'
      : total > 0 && count(check, 'supported') === total
        ? 'supported'
        : 'unverified';
  return { status, explanation };
}
