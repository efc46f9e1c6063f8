import { clusterIndices } from '../answers/cluster';
import { answersEquivalent } from '../answers/equivalence';
import { isIdk } from '../answers/idk';
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
 */
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
}

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
  const indices = clusterIndices(entries.map(([, answer]) => answer));
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
function vote(question: Prepared, weights: Map<string, number>): number {
  const totals = new Map<number, { score: number; count: number }>();
  for (const [source, index] of question.clusterOf) {
    if (index < 0) continue;
    const entry = totals.get(index) ?? { score: 0, count: 0 };
    entry.score += weights.get(source) ?? 1;
    entry.count++;
    totals.set(index, entry);
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

  let estimates = prepared.map((question) => vote(question, weights));
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    let moved = 0;
    for (const [source, tally] of accuracy(estimates)) {
      if (tally.answered === 0) continue;
      const next = scale * (tally.agreed / tally.answered) - 1;
      moved = Math.max(moved, Math.abs(next - (weights.get(source) ?? 1)));
      weights.set(source, next);
    }
    estimates = prepared.map((question) => vote(question, weights));
    if (moved <= tolerance) break;
  }

  const reliability: Record<string, number> = {};
  const evidence: Record<string, DomainEvidence> = {};
  const tallies = accuracy(estimates);
  for (const source of sources) {
    const tally = tallies.get(source) ?? { answered: 0, agreed: 0 };
    const shrunk = (tally.agreed + 0.5 * priorStrength) / (tally.answered + priorStrength || 1);
    reliability[source] = Math.min(1, Math.max(0, shrunk));
    let answered = 0;
    let agreed = 0;
    let reviewed = 0;
    prepared.forEach((question, j) => {
      const index = question.clusterOf.get(source);
      if (index === undefined || index < 0) return;
      answered++;
      if (question.labelled) reviewed++;
      if (isRight(question, index, estimates[j] ?? -1)) agreed++;
    });
    evidence[source] = { answered, agreed, reviewed };
  }
  const answers: Record<string, string> = {};
  prepared.forEach((question, j) => {
    const winner = estimates[j] ?? -1;
    if (question.label !== undefined) answers[question.id] = isIdk(question.label) ? IDK : question.label;
    else answers[question.id] = winner >= 0 ? (question.answers[winner] ?? IDK) : IDK;
  });
  return { reliability, answers, evidence, iterations };
}
