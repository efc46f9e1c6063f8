import type { ClaimEvidence, ClaimOutcome } from '../core/claim-check';

/** A site at or above the neutral prior counts as trusted for "disputed"; below it is low-trust. */
export const TRUSTED = 0.5;
/** The weaker side must carry at least this share of the stronger side's weight for a dispute. */
export const DISPUTE_RATIO = 0.5;

export interface WeighedOutcome {
  outcome: Exclude<ClaimOutcome, 'pending' | 'unchecked'>;
  supportWeight: number;
  contradictWeight: number;
  /** The winning side has no trusted source. */
  weak: boolean;
  explanation: string;
}

const sitesOf = (evidence: ClaimEvidence[]) => [...new Set(evidence.map((item) => item.domain))];

/** One vote per site and side (the site's best-trusted result), as in the answer vote. */
function sideWeight(evidence: ClaimEvidence[]): { weight: number; best: number } {
  const perSite = new Map<string, number>();
  for (const item of evidence) perSite.set(item.domain, Math.max(perSite.get(item.domain) ?? 0, item.trust));
  const trusts = [...perSite.values()];
  return { weight: trusts.reduce((sum, trust) => sum + trust, 0), best: Math.max(0, ...trusts) };
}

const list = (sites: string[]) => sites.slice(0, 3).join(', ') + (sites.length > 3 ? ', …' : '');

/**
 * Weighs the results that address a claim by their learned reliability (RA-RAG): each side's weight
 * is the sum of its sites' reliabilities. Disputed when both sides have a trusted site and the
 * weaker side has at least half the stronger's weight; otherwise the heavier side decides, so one
 * unreliable site cannot overturn several reliable ones.
 */
export function weighOutcome(evidence: ClaimEvidence[]): WeighedOutcome {
  const supporting = evidence.filter((item) => item.stance === 'supports');
  const contradicting = evidence.filter((item) => item.stance === 'contradicts');
  const support = sideWeight(supporting);
  const contradict = sideWeight(contradicting);
  const weights = { supportWeight: support.weight, contradictWeight: contradict.weight };
  if (supporting.length === 0 && contradicting.length === 0) {
    return {
      outcome: 'not-found',
      ...weights,
      weak: false,
      explanation: 'No result on the page addresses this claim.',
    };
  }
  const heavier = Math.max(support.weight, contradict.weight);
  const lighter = Math.min(support.weight, contradict.weight);
  const bothTrusted = support.best >= TRUSTED && contradict.best >= TRUSTED;
  if (
    supporting.length > 0 &&
    contradicting.length > 0 &&
    (support.weight === contradict.weight || (bothTrusted && lighter >= DISPUTE_RATIO * heavier))
  ) {
    return {
      outcome: 'disputed',
      ...weights,
      weak: false,
      explanation: `Trusted results disagree: ${list(sitesOf(supporting))} support it; ${list(sitesOf(contradicting))} contradict it.`,
    };
  }
  const supported = support.weight > contradict.weight;
  const winner = supported ? support : contradict;
  const winners = sitesOf(supported ? supporting : contradicting);
  const losers = sitesOf(supported ? contradicting : supporting);
  const weak = winner.best < TRUSTED;
  const against = losers.length ? ` Outweighed: ${list(losers)} (less trusted or fewer).` : '';
  const strength = weak ? ` only by low-trust site${winners.length === 1 ? '' : 's'}` : '';
  return {
    outcome: supported ? 'supported' : 'contradicted',
    ...weights,
    weak,
    explanation: `${supported ? 'Supported' : 'Contradicted'}${strength} by ${list(winners)}.${against}`,
  };
}
