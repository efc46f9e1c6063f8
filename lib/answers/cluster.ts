import { tokensEquivalent } from './equivalence';
import { isIdk } from './idk';
import { answerTokens } from './normalize';

/**
 * Groups equivalent answers around representatives: an answer joins the first cluster all of whose
 * members it is equivalent to, so a short member cannot chain distinct answers together ("Paris"
 * does not merge "Paris, Texas" with "Paris, France"; "Korea" not North with South). IDK answers
 * are left out (index -1).
 */
export function clusterIndices(answers: readonly string[]): number[] {
  const clusters: string[][][] = [];
  return answers.map((answer) => {
    if (isIdk(answer)) return -1;
    const tokens = answerTokens(answer);
    const found = clusters.findIndex((members) => members.every((member) => tokensEquivalent(member, tokens)));
    if (found >= 0) {
      clusters[found]?.push(tokens);
      return found;
    }
    clusters.push([tokens]);
    return clusters.length - 1;
  });
}
