import { answersEquivalent } from '../answers/equivalence';
import { isIdk } from '../answers/idk';
import type { Strategy } from '../core/verdict';
import { type AnswerCluster, supportStrength, type VoteResult } from './voting';

/**
 * BRIDGE's decision tree (section 3.2.2) fed with what the run already has, instead of BGE
 * similarity scores and a trained allocator:
 *  S1 = 1 when the memory answer equals an accepted external answer, else 0;
 *  S4 = trust-weighted share of the external votes that equal the memory answer;
 *  S2 = the model's stated confidence in its memory answer (0 for IDK) — internal self-consistency;
 *  S3 = trust-weighted share of the external votes behind the accepted answers — external agreement;
 *  r_p = R = 1 − Π(1 − v_i) over the sites behind the accepted answers (how strong the evidence is);
 *  g_p = S2 (how strongly the model holds its answer).
 * Then T_ret = r_p·[S3 + (1 − S2)], T_llm = g_p·[S2 + (1 − S3)], and with α < β:
 *  S1 + S4 > (1 − S1) + (1 − S4) → all; T_ret < T_llm → internal if T_llm > α else refuse;
 *  otherwise external if T_ret ≥ β, refuse if T_ret < α, else reflect (then refuse).
 */
export interface StrategyScores {
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  retrievalWeight: number;
  memoryWeight: number;
  tRet: number;
  tLlm: number;
}

export interface StrategyInput {
  memory: { answer: string; confidence: number };
  vote: VoteResult;
  /** The external answers the vote/debate accepted (clusters of `vote`). */
  accepted: AnswerCluster[];
  /** Reliability per domain, for the support strength. */
  reliability: (domain: string) => number;
  alpha: number;
  beta: number;
}

export type StrategyChoice = Strategy | 'reflect';

export function strategyScores(input: StrategyInput): StrategyScores {
  const { memory, vote, accepted } = input;
  const known = !isIdk(memory.answer);
  const matches = (cluster: AnswerCluster) =>
    known && cluster.members.some((member) => answersEquivalent(member, memory.answer));
  const s1 = accepted.some(matches) ? 1 : 0;
  const s4 = vote.clusters.filter(matches).reduce((sum, cluster) => sum + cluster.share, 0);
  const s2 = known ? Math.min(1, Math.max(0, memory.confidence)) : 0;
  const s3 = Math.min(
    1,
    accepted.reduce((sum, cluster) => sum + cluster.share, 0),
  );
  const domains = [...new Set(accepted.flatMap((cluster) => cluster.domains))];
  const retrievalWeight = supportStrength(domains.map(input.reliability));
  const memoryWeight = s2;
  return {
    s1,
    s2,
    s3,
    s4,
    retrievalWeight,
    memoryWeight,
    tRet: retrievalWeight * (s3 + (1 - s2)),
    tLlm: memoryWeight * (s2 + (1 - s3)),
  };
}

export function decideStrategy(input: StrategyInput): { choice: StrategyChoice; scores: StrategyScores } {
  const scores = strategyScores(input);
  const { s1, s4, tRet, tLlm } = scores;
  const hasExternal = input.accepted.length > 0;
  const hasMemory = scores.s2 > 0;
  let choice: StrategyChoice;
  if (hasExternal && hasMemory && s1 + s4 > 1 - s1 + (1 - s4)) choice = 'all';
  else if (tRet < tLlm) choice = tLlm > input.alpha ? 'internal' : 'refuse';
  else if (tRet >= input.beta) choice = 'external';
  else if (tRet < input.alpha) choice = 'refuse';
  else choice = 'reflect';
  return { choice, scores };
}
