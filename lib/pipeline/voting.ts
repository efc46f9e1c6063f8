import { clusterIndices } from '../answers/cluster';
import { isIdk } from '../answers/idk';

/** One source's (filtered) keyword answer, with its site's reliability as its weight. */
export interface Vote {
  sourceId: string;
  domain: string;
  answer: string;
  weight: number;
}

export interface AnswerCluster {
  /** The member answer with most weight behind it (shorter on ties): what the verdict shows. */
  answer: string;
  members: string[];
  sourceIds: string[];
  domains: string[];
  /** Σ v_i over the distinct domains that gave an answer in this cluster. */
  weight: number;
  /** weight / total weight of all non-IDK votes. */
  share: number;
}

export interface VoteResult {
  /** Most weight first. */
  clusters: AnswerCluster[];
  /** ŷ = argmax_u Σ v_i·1(ỹ_i = u); null when every source said IDK (IDK never wins). */
  winner: AnswerCluster | null;
  totalWeight: number;
}

// Ties (and all-zero weights) are broken by the number of sites, then by rank order.
const TIE_BREAK = 1e-6;

/**
 * RA-RAG weighted majority vote over equivalent answers. A site votes once per answer it gives:
 * three results from one site repeating a claim are one vote, as RA-RAG counts per source.
 */
export function weightedVote(votes: Vote[]): VoteResult {
  const indices = clusterIndices(votes.map((vote) => vote.answer));
  const byIndex = new Map<number, { votes: Vote[] }>();
  votes.forEach((vote, position) => {
    const index = indices[position] ?? -1;
    if (index < 0 || isIdk(vote.answer)) return;
    const entry = byIndex.get(index) ?? { votes: [] };
    entry.votes.push(vote);
    byIndex.set(index, entry);
  });
  const clusters = [...byIndex.values()].map(({ votes: members }) => {
    const perDomain = new Map<string, number>();
    for (const vote of members) perDomain.set(vote.domain, Math.max(perDomain.get(vote.domain) ?? 0, vote.weight));
    const weight = [...perDomain.values()].reduce((sum, value) => sum + Math.max(0, value) + TIE_BREAK, 0);
    const answerWeight = new Map<string, number>();
    for (const vote of members)
      answerWeight.set(vote.answer, (answerWeight.get(vote.answer) ?? 0) + vote.weight + 1e-9);
    const answer = [...answerWeight.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]?.[0] ?? '';
    return {
      answer,
      members: [...new Set(members.map((vote) => vote.answer))],
      sourceIds: members.map((vote) => vote.sourceId),
      domains: [...perDomain.keys()],
      weight,
      share: 0,
    };
  });
  const totalWeight = clusters.reduce((sum, cluster) => sum + cluster.weight, 0);
  for (const cluster of clusters) cluster.share = totalWeight > 0 ? cluster.weight / totalWeight : 0;
  clusters.sort((a, b) => b.weight - a.weight);
  return { clusters, winner: clusters[0] ?? null, totalWeight };
}

/** Probability that at least one supporter is right, if sites erred independently: 1 − Π(1 − v_i). */
export function supportStrength(reliabilities: number[]): number {
  return 1 - reliabilities.reduce((product, value) => product * (1 - Math.min(1, Math.max(0, value))), 1);
}
