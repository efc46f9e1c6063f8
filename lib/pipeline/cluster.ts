import { answersEquivalent, isIdk } from './normalize';

/**
 * Groups equivalent answers: each answer joins the first cluster holding an equivalent member
 * (normal forms equal, or safe containment). IDK answers are left out (index -1).
 */
export function clusterIndices(answers: readonly string[]): number[] {
  const clusters: string[][] = [];
  return answers.map((answer) => {
    if (isIdk(answer)) return -1;
    const found = clusters.findIndex((members) => members.some((member) => answersEquivalent(member, answer)));
    if (found >= 0) {
      clusters[found]?.push(answer);
      return found;
    }
    clusters.push([answer]);
    return clusters.length - 1;
  });
}
