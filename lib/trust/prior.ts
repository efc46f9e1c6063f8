import { DOMAIN_RATINGS } from './data/domain-ratings';

/**
 * Where every site starts: its published quality rating (lib/trust/data/README.md) as a Beta prior
 * worth RATED_STRENGTH answers, or, unrated, the neutral Beta(1, 1): 0.5 with wide uncertainty.
 * Learned answers add to it (a reviewed one counts more), so evidence moves it as it accumulates.
 */
export interface SitePrior {
  /** Pseudo-answers that agreed and disagreed. */
  alpha: number;
  beta: number;
  /** The published rating (0..1), null when the site is not rated. */
  rating: number | null;
}

/** How many answers a published rating is worth: ten checks against it move it about halfway. */
export const RATED_STRENGTH = 10;
export const NEUTRAL_PRIOR: SitePrior = { alpha: 1, beta: 1, rating: null };

let ratings: Map<string, number> | undefined;

/** Parsed on first use: 11,000 entries, once per context. */
function ratingsIndex(): Map<string, number> {
  if (ratings) return ratings;
  ratings = new Map();
  for (const line of DOMAIN_RATINGS.split('\n')) {
    const [hundredths = '', ...domains] = line.split(' ');
    const rating = Number(hundredths) / 100;
    for (const domain of domains) ratings.set(domain, rating);
  }
  return ratings;
}

/** The published rating of a site (by its site key), or null. */
export function publishedRating(key: string): number | null {
  return ratingsIndex().get(key) ?? null;
}

export function priorOf(key: string): SitePrior {
  const rating = publishedRating(key);
  if (rating === null) return NEUTRAL_PRIOR;
  // Never a certain 0 or 1: evidence must always be able to move a rated site.
  const mean = Math.min(0.99, Math.max(0.01, rating));
  return { alpha: mean * RATED_STRENGTH, beta: (1 - mean) * RATED_STRENGTH, rating };
}

export const priorMean = (prior: SitePrior) => prior.alpha / (prior.alpha + prior.beta);

/** The prior's one-sided 95 % lower bound (normal approximation of the Beta), at least 0. */
export function priorLowerBound(prior: SitePrior): number {
  const n = prior.alpha + prior.beta;
  const mean = prior.alpha / n;
  return Math.max(0, mean - 1.645 * Math.sqrt((mean * (1 - mean)) / (n + 1)));
}
