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

interface Side {
  /** The sum of its sites' trust, one vote per site (its best-trusted result), as in the answer vote. */
  weight: number;
  /** The part of that weight from sites with a rating, past checks or an override of the person's. */
  knownWeight: number;
  best: number;
  bestKnown: number;
}

function sideOf(evidence: ClaimEvidence[]): Side {
  const perSite = new Map<string, { trust: number; known: boolean }>();
  for (const item of evidence) {
    const held = perSite.get(item.domain);
    if (!held || item.trust > held.trust) perSite.set(item.domain, { trust: item.trust, known: !item.unknownSite });
  }
  const sites = [...perSite.values()];
  const known = sites.filter((site) => site.known);
  const sum = (list: typeof sites) => list.reduce((total, site) => total + site.trust, 0);
  return {
    weight: sum(sites),
    knownWeight: sum(known),
    best: Math.max(0, ...sites.map((site) => site.trust)),
    bestKnown: Math.max(0, ...known.map((site) => site.trust)),
  };
}

/**
 * Sites nobody knows anything about cannot outvote a trusted site that is known (rated, checked or
 * set by the person): against such a side only known sites weigh, so a handful of new domains
 * cannot contradict Wikipedia. Between sides of unknown sites alone, every site weighs its prior.
 */
function weightAgainst(side: Side, other: Side): number {
  return other.bestKnown >= TRUSTED && side.bestKnown < TRUSTED ? side.knownWeight : side.weight;
}

const list = (sites: string[]) => sites.slice(0, 3).join(', ') + (sites.length > 3 ? ', …' : '');

/**
 * Weighs the results that address a claim by their learned reliability (RA-RAG): each side's weight
 * is the sum of its sites' reliabilities. Disputed when both sides have a trusted site and the
 * weaker side has at least half the stronger's weight; otherwise the heavier side decides, so one
 * unreliable site cannot overturn several reliable ones, and unknown sites cannot outvote a
 * trusted known one.
 */
export function weighOutcome(evidence: ClaimEvidence[]): WeighedOutcome {
  const supporting = evidence.filter((item) => item.stance === 'supports');
  const contradicting = evidence.filter((item) => item.stance === 'contradicts');
  const supportSide = sideOf(supporting);
  const contradictSide = sideOf(contradicting);
  const support = { weight: weightAgainst(supportSide, contradictSide), best: supportSide.best };
  const contradict = { weight: weightAgainst(contradictSide, supportSide), best: contradictSide.best };
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
  const anyKnownTrusted = supportSide.bestKnown >= TRUSTED || contradictSide.bestKnown >= TRUSTED;
  const bothTrusted = anyKnownTrusted
    ? supportSide.bestKnown >= TRUSTED && contradictSide.bestKnown >= TRUSTED
    : support.best >= TRUSTED && contradict.best >= TRUSTED;
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
