import type { SerpCapture } from '../core/serp-capture';
import type { Verdict } from '../core/verdict';
import type { Badge } from '../messaging/tab-messages';
import type { TrustLookup } from '../trust/types';

/** Badges before any run: what the trust store already knows of each result's site. */
export function badgesForCapture(capture: SerpCapture, lookup: TrustLookup): Badge[] {
  return capture.results.map((source) => {
    const trust = lookup(source.domain);
    return {
      url: source.url,
      domain: source.domain,
      trust: trust.evidence > 0 || trust.override || trust.rating !== null ? trust.reliability : null,
      evidence: trust.evidence,
      stance: null,
      blocked: trust.blocked,
    };
  });
}

/**
 * Badges after a run: the stance the run found for each result, with its site's trust as it
 * stands after this run updated the store (the verdict holds the trust it was run with).
 */
export function badgesForVerdict(verdict: Verdict, lookup: TrustLookup): Badge[] {
  return verdict.sources.map((source) => {
    const trust = lookup(source.domain);
    return {
      url: source.url,
      domain: source.domain,
      trust: trust.evidence > 0 || trust.override || trust.rating !== null ? trust.reliability : source.trust,
      evidence: trust.evidence,
      stance: source.stance,
      blocked: trust.blocked,
    };
  });
}
