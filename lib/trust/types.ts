/** The answer a source gave when it did not answer. */
export const IDK = 'IDK';

/**
 * One question in the reliability estimation set: what each website answered
 * (normalized keyword answer, or IDK). `label` is set when a person reviewed it:
 * the answer the person judged right ("" when they judged every answer wrong).
 */
export interface EstimationQuestion {
  id: string;
  responses: Record<string, string>;
  label?: string;
  /** Equivalent answers the person accepted ("both valid"): each counts as right. */
  acceptedLabels?: string[];
}

export interface DomainEvidence {
  /** Questions where the domain gave an answer (not IDK). */
  answered: number;
  /** Of those, how many agreed with the estimated (or labelled) answer. */
  agreed: number;
  /** Of those, how many were labelled by a person. */
  reviewed: number;
}

export interface ReliabilityEstimate {
  /** Estimated reliability per domain in [0,1]. */
  reliability: Record<string, number>;
  /** The estimated answer per question id (IDK when no source answered). */
  answers: Record<string, string>;
  evidence: Record<string, DomainEvidence>;
  iterations: number;
}

export type OverrideKind = 'trusted' | 'distrusted' | 'blocked' | 'custom';

/** How a run sees a domain: the weight used in voting, and whether to leave it out. */
export interface DomainTrust {
  /** 0..1, the weight in voting and the trust shown to the person. */
  reliability: number;
  /** How much evidence stands behind the number (0 for a domain never seen). */
  evidence: number;
  /** The published rating the site started from, null when unrated. */
  rating: number | null;
  override: OverrideKind | null;
  blocked: boolean;
}

export type TrustLookup = (domain: string) => DomainTrust;

/** A domain never seen before: neutral, with no evidence, so the person sees the number is a prior. */
export const NEUTRAL_TRUST: DomainTrust = {
  reliability: 0.5,
  evidence: 0,
  rating: null,
  override: null,
  blocked: false,
};
