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

/** Methods that never ask the results for the answer: they find no result's stance on it. */
const ANSWERS_WITHOUT_RESULTS = new Set<Verdict['method']>(['claims', 'norag']);

/**
 * Badges after a run: the stance the run found for each result, with its site's trust as it
 * stands after this run updated the store (the verdict holds the trust it was run with). A run
 * that did not ask the results (the AI answer checked alone, the model alone) gives no stance,
 * rather than "does not answer the question" on every result.
 */
export function badgesForVerdict(verdict: Verdict, lookup: TrustLookup): Badge[] {
  const readResults = !ANSWERS_WITHOUT_RESULTS.has(verdict.method);
  return verdict.sources.map((source) => {
    const trust = lookup(source.domain);
    return {
      url: source.url,
      domain: source.domain,
      trust: trust.evidence > 0 || trust.override || trust.rating !== null ? trust.reliability : source.trust,
      evidence: trust.evidence,
      stance: readResults ? source.stance : null,
      blocked: trust.blocked,
    };
  });
}
