import { answersEquivalent } from '../answers/equivalence';
import { isIdk } from '../answers/idk';
import { clusterAnswers } from './cluster-answers';
import type { SitePrior } from './prior';
import { type DomainEvidence, type EstimationQuestion, IDK, type ReliabilityEstimate } from './types';

/**
 * RA-RAG's iterative reliability estimation (section 3.3, Algorithm 1), pure:
 *  0. v_i = 1 for every source.
 *  1. ŷ^j = argmax_u Σ_i v_i·1(ỹ_i^j = u) for every question (IDK never wins; equivalent answers
 *     count together). A question a person reviewed takes their label instead (it is not voted).
 *  2. ŵ_i = (#j: ỹ_i^j = ŷ^j) / (#j: ỹ_i^j ≠ IDK), each question counted with weight 1, a reviewed
 *     one with `labelWeight`; then v_i = N·ŵ_i − 1 with N = min(number of sources, maxScale).
 *  Repeat 1–2 until no v_i moves more than `tolerance`; 3. vote once more with the final weights.
 * Display: v_i is mapped back to an accuracy, (v_i + 1)/N = ŵ_i, and shrunk toward the neutral
 * prior 0.5 by `priorStrength` pseudo-answers: (agreed + 0.5·k)/(answered + k), clamped to [0,1].
 * A source that never answered therefore shows 0.5 with zero evidence.
 *
 * With `priors` (the extension's store), each source starts from its own Beta prior instead, and
 * ŵ_i = (agreed + α_i)/(answered + α_i + β_i) both in the iteration and for display; with
 * `weighting: 'log-odds'` a vote weighs log(ŵ/(1−ŵ)) (at least 0), the optimal weight for independent
 * voters: an unrated site (ŵ = 0.5) weighs nothing until it has agreed with others, so three new sites
 * cannot outvote one rated at 0.83. With `standing`, sites never seen on a real engine ('unseen') add
 * up, per question, to less than half the weight of the strongest rated site that answered it.
 */
export type Standing = 'rated' | 'seen' | 'unseen';
export interface EstimatorOptions {
  maxIterations?: number;
  tolerance?: number;
  /** Caps N in v = N·ŵ − 1 (the paper: N "can be reasonably limited"). */
  maxScale?: number;
  /** How much a reviewed question counts against an estimated one. */
  labelWeight?: number;
  /** Pseudo-answers at 0.5 that the displayed reliability is shrunk by. */
  priorStrength?: number;
  /** Starting weights, e.g. the user's overrides (default 1 for all, as in the paper). */
  initialWeights?: Record<string, number>;
  /** Each source's prior; replaces `priorStrength` shrinkage when given. */
  priors?: (source: string) => SitePrior;
  /** RA-RAG's N·ŵ − 1 (default) or the log-odds of ŵ. */
  weighting?: 'linear' | 'log-odds';
  standing?: (source: string) => Standing;
}

/** Caps a log-odds weight: ŵ is never taken above 0.99. */
const MAX_LOG_ODDS = Math.log(0.99 / 0.01);
const logOdds = (accuracy: number) => Math.min(MAX_LOG_ODDS, Math.max(0, Math.log(accuracy / (1 - accuracy))));

interface Prepared {
  id: string;
  /** Per source present in the question: its cluster index, -1 for IDK. */
  clusterOf: Map<string, number>;
  /** Representative answer per cluster. */
  answers: string[];
  weight: number;
  /** For a reviewed question: the clusters the person judged right (empty: every answer wrong). */
  labelled: Set<number> | null;
  label: string | undefined;
}

function prepare(question: EstimationQuestion, labelWeight: number): Prepared {
  const entries = Object.entries(question.responses);
  const indices = clusterAnswers(entries.map(([, answer]) => answer));
  const clusterOf = new Map<string, number>();
  const answers: string[] = [];
  entries.forEach(([source, answer], position) => {
    const index = indices[position] ?? -1;
    clusterOf.set(source, index);
    if (index >= 0 && answers[index] === undefined) answers[index] = answer;
  });
  let labelled: Set<number> | null = null;
  if (question.label !== undefined) {
    const accepted = [question.label, ...(question.acceptedLabels ?? [])].filter((label) => !isIdk(label));
    labelled = new Set(
      answers.flatMap((answer, index) => (accepted.some((label) => answersEquivalent(label, answer)) ? [index] : [])),
    );
  }
  return { id: question.id, clusterOf, answers, weight: labelled ? labelWeight : 1, labelled, label: question.label };
}

/** Weighted majority vote of one question: the winning cluster, or -1 when nobody answered. */
function vote(question: Prepared, weights: Map<string, number>, standing?: (source: string) => Standing): number {
  const totals = new Map<number, { score: number; unseen: number; count: number }>();
  let strongestRated = 0;
  for (const [source, index] of question.clusterOf) {
    if (index < 0) continue;
    const entry = totals.get(index) ?? { score: 0, unseen: 0, count: 0 };
    const weight = weights.get(source) ?? 1;
    const kind = standing?.(source) ?? 'seen';
    if (kind === 'unseen') entry.unseen += weight;
    else entry.score += weight;
    if (kind === 'rated') strongestRated = Math.max(strongestRated, weight);
    entry.count++;
    totals.set(index, entry);
  }
  for (const entry of totals.values()) {
    entry.score += strongestRated > 0 ? Math.min(entry.unseen, strongestRated / 2) : entry.unseen;
  }
  let best = -1;
  let bestEntry = { score: Number.NEGATIVE_INFINITY, count: 0 };
  for (const [index, entry] of totals) {
    const better =
      entry.score > bestEntry.score + 1e-12 ||
      (Math.abs(entry.score - bestEntry.score) <= 1e-12 &&
        (entry.count > bestEntry.count || (entry.count === bestEntry.count && index < best)));
    if (better) {
      best = index;
      bestEntry = entry;
    }
  }
  return best;
}

const isRight = (question: Prepared, index: number, estimated: number) =>
  question.labelled ? question.labelled.has(index) : index === estimated;

export function estimateReliability(
  questions: EstimationQuestion[],
  options: EstimatorOptions = {},
): ReliabilityEstimate {
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-6;
  const labelWeight = options.labelWeight ?? 5;
  const priorStrength = options.priorStrength ?? 1;
  const { priors, standing } = options;
  const prepared = questions.map((question) => prepare(question, labelWeight));
  const sources = [...new Set(questions.flatMap((question) => Object.keys(question.responses)))].sort();
  const scale = Math.max(1, Math.min(sources.length, options.maxScale ?? Number.POSITIVE_INFINITY));
  const weights = new Map(sources.map((source) => [source, options.initialWeights?.[source] ?? 1]));

  const accuracy = (estimates: number[]) => {
    const tallies = new Map(sources.map((source) => [source, { answered: 0, agreed: 0 }]));
    prepared.forEach((question, j) => {
      for (const [source, index] of question.clusterOf) {
        const tally = tallies.get(source);
        if (index < 0 || !tally) continue;
        tally.answered += question.weight;
        if (isRight(question, index, estimates[j] ?? -1)) tally.agreed += question.weight;
      }
    });
    return tallies;
  };

  const posterior = (source: string, agreed: number, answered: number) => {
    if (!priors) return answered === 0 ? 0.5 : agreed / answered;
    const { alpha, beta } = priors(source);
    return (agreed + alpha) / (answered + alpha + beta);
  };
  const weightOf = (accuracy: number) => (options.weighting === 'log-odds' ? logOdds(accuracy) : scale * accuracy - 1);
  if (priors && !options.initialWeights) {
    for (const source of sources) weights.set(source, weightOf(posterior(source, 0, 0)));
  }

  let estimates = prepared.map((question) => vote(question, weights, standing));
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    let moved = 0;
    for (const [source, tally] of accuracy(estimates)) {
      if (tally.answered === 0) continue;
      const next = weightOf(posterior(source, tally.agreed, tally.answered));
      moved = Math.max(moved, Math.abs(next - (weights.get(source) ?? 1)));
      weights.set(source, next);
    }
    estimates = prepared.map((question) => vote(question, weights, standing));
    if (moved <= tolerance) break;
  }

  // Null-prototype records: a site keyed "toString" or "__proto__" is just another site.
  const reliability: Record<string, number> = Object.create(null);
  const evidence: Record<string, DomainEvidence> = Object.create(null);
  const counts = new Map(sources.map((source) => [source, { answered: 0, agreed: 0, reviewed: 0 }]));
  prepared.forEach((question, j) => {
    for (const [source, index] of question.clusterOf) {
      const count = counts.get(source);
      if (index < 0 || !count) continue;
      count.answered++;
      if (question.labelled) count.reviewed++;
      if (isRight(question, index, estimates[j] ?? -1)) count.agreed++;
    }
  });
  const tallies = accuracy(estimates);
  for (const source of sources) {
    const tally = tallies.get(source) ?? { answered: 0, agreed: 0 };
    const shrunk = priors
      ? posterior(source, tally.agreed, tally.answered)
      : (tally.agreed + 0.5 * priorStrength) / (tally.answered + priorStrength || 1);
    reliability[source] = Math.min(1, Math.max(0, shrunk));
    evidence[source] = counts.get(source) ?? { answered: 0, agreed: 0, reviewed: 0 };
  }
  const answers: Record<string, string> = Object.create(null);
  prepared.forEach((question, j) => {
    const winner = estimates[j] ?? -1;
    if (question.label !== undefined) answers[question.id] = isIdk(question.label) ? IDK : question.label;
    else answers[question.id] = winner >= 0 ? (question.answers[winner] ?? IDK) : IDK;
  });
  return { reliability, answers, evidence, iterations };
}
