import { pathToFileURL } from 'node:url';
import { estimateReliability } from '../lib/trust/estimator';
import { type EstimationQuestion, IDK } from '../lib/trust/types';

/**
 * The RA-RAG simulation (section 4): N sources with reliability p_i from a Beta(2w̄/(1−w̄), 2) prior
 * (mean w̄ = 0.6) or spammer–hammer (0.1 / 0.9), relevance r_i = 0.6, nine wrong answers per
 * question. A relevant source answers the truth with probability p_i, else one of the nine wrong
 * answers; an irrelevant one says IDK. Reliability is estimated without labels on M questions, then
 * majority voting (MV), WMV with the estimates, and oracle WMV (true p_i) answer fresh test questions.
 */

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Marsaglia–Tsang gamma sampler (shape ≥ 1). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = random();
    if (Math.log(u) < 0.5 * x * x + d - d * v + Math.log(v)) return d * v;
  }
}

export function betaSample(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

export type Prior = { kind: 'beta'; mean: number } | { kind: 'spammer-hammer'; spammers: number };

export function sourceReliabilities(count: number, prior: Prior, random: () => number): number[] {
  if (prior.kind === 'spammer-hammer') return Array.from({ length: count }, (_, i) => (i < prior.spammers ? 0.1 : 0.9));
  return Array.from({ length: count }, () => betaSample((2 * prior.mean) / (1 - prior.mean), 2, random));
}

export function simulateQuestions(
  reliabilities: number[],
  count: number,
  random: () => number,
  prefix: string,
  relevance = 0.6,
): { questions: EstimationQuestion[]; truth: Record<string, string> } {
  const questions: EstimationQuestion[] = [];
  const truth: Record<string, string> = {};
  for (let j = 0; j < count; j++) {
    const id = `${prefix}${j}`;
    truth[id] = `true answer ${j}`;
    const responses: Record<string, string> = {};
    reliabilities.forEach((p, i) => {
      if (random() >= relevance) responses[`source${i}`] = IDK;
      else if (random() < p) responses[`source${i}`] = `true answer ${j}`;
      else responses[`source${i}`] = `wrong answer ${j} ${1 + Math.floor(random() * 9)}`;
    });
    questions.push({ id, responses });
  }
  return { questions, truth };
}

/** Accuracy of a weighted vote on the test questions (IDK never wins; no answer counts as wrong). */
export function voteAccuracy(
  questions: EstimationQuestion[],
  truth: Record<string, string>,
  weight: (source: string) => number,
): number {
  let right = 0;
  for (const question of questions) {
    const totals = new Map<string, number>();
    for (const [source, answer] of Object.entries(question.responses)) {
      if (answer === IDK) continue;
      totals.set(answer, (totals.get(answer) ?? 0) + weight(source));
    }
    const best = [...totals.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (best === truth[question.id]) right++;
  }
  return right / questions.length;
}

export interface TrialResult {
  setting: string;
  meanAbsError: number;
  mv: number;
  wmv: number;
  oracle: number;
  pairs: Array<{ truth: number; estimate: number }>;
}

export function runTrial(
  setting: string,
  prior: Prior,
  options: { sources?: number; estimation?: number; test?: number; seed?: number } = {},
): TrialResult {
  const sources = options.sources ?? 9;
  const random = seededRandom(options.seed ?? 1);
  const p = sourceReliabilities(sources, prior, random);
  const estimation = simulateQuestions(p, options.estimation ?? 200, random, 'e');
  const test = simulateQuestions(p, options.test ?? 1400, random, 't');
  const estimate = estimateReliability(estimation.questions, { priorStrength: 0 });
  const v = (source: string) => sources * (estimate.reliability[source] ?? 0.5) - 1;
  const pairs = p.map((truth, i) => ({ truth, estimate: estimate.reliability[`source${i}`] ?? 0.5 }));
  return {
    setting,
    meanAbsError: pairs.reduce((sum, pair) => sum + Math.abs(pair.truth - pair.estimate), 0) / pairs.length,
    mv: voteAccuracy(test.questions, test.truth, () => 1),
    wmv: voteAccuracy(test.questions, test.truth, v),
    oracle: voteAccuracy(test.questions, test.truth, (source) => sources * (p[Number(source.slice(6))] ?? 0.5) - 1),
    pairs,
  };
}

/** Averages over `trials` seeds, as the paper averages over 10 random trials. */
export function averagedTrials(setting: string, prior: Prior, trials = 10, sources = 9): TrialResult {
  const results = Array.from({ length: trials }, (_, seed) => runTrial(setting, prior, { seed: seed + 1, sources }));
  const mean = (pick: (result: TrialResult) => number) => results.reduce((sum, r) => sum + pick(r), 0) / trials;
  return {
    setting,
    meanAbsError: mean((r) => r.meanAbsError),
    mv: mean((r) => r.mv),
    wmv: mean((r) => r.wmv),
    oracle: mean((r) => r.oracle),
    pairs: results.flatMap((r) => r.pairs),
  };
}

export const SETTINGS: Array<{ setting: string; prior: Prior; sources: number }> = [
  { setting: 'beta w̄=0.6, N=3', prior: { kind: 'beta', mean: 0.6 }, sources: 3 },
  { setting: 'beta w̄=0.6, N=5', prior: { kind: 'beta', mean: 0.6 }, sources: 5 },
  { setting: 'beta w̄=0.6, N=9', prior: { kind: 'beta', mean: 0.6 }, sources: 9 },
  ...[1, 3, 5, 6, 7].map((spammers) => ({
    setting: `spammer–hammer, ${spammers}/9 spammers`,
    prior: { kind: 'spammer-hammer' as const, spammers },
    sources: 9,
  })),
];

function main() {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
  console.log(
    'RA-RAG reliability simulation: r_i = 0.6, 9 wrong answers/question, 200 estimation + 1400 test questions, 10 seeds',
  );
  console.log(`${'setting'.padEnd(34)} |est−true|  mean est / true      MV     WMV  oracle`);
  for (const { setting, prior, sources } of SETTINGS) {
    const result = averagedTrials(setting, prior, 10, sources);
    const avg = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    const groups =
      prior.kind === 'spammer-hammer'
        ? [0.1, 0.9].map((level) => result.pairs.filter((pair) => pair.truth === level))
        : [result.pairs];
    const means = groups
      .filter((group) => group.length > 0)
      .map((group) => `${avg(group.map((p) => p.estimate)).toFixed(2)}/${avg(group.map((p) => p.truth)).toFixed(2)}`)
      .join(' ');
    console.log(
      `${setting.padEnd(34)} ${result.meanAbsError.toFixed(3).padStart(9)}  ${means.padEnd(15)} ${pct(result.mv)} ${pct(result.wmv)} ${pct(result.oracle)}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
