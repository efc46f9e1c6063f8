import { answersEquivalent } from '../answers/equivalence';
import type { AggregatedAnswer } from './prompts/aggregator';
import type { ClaimDraft } from './verdict-builder';
import type { AnswerCluster, VoteResult } from './voting';

const summaryOf = (cluster: AnswerCluster) =>
  `${cluster.domains.length} site${cluster.domains.length === 1 ? '' : 's'} (${cluster.domains.slice(0, 4).join(', ')}${cluster.domains.length > 4 ? ', …' : ''}) say ${cluster.members.map((m) => `"${m}"`).join(' / ')}.`;

/**
 * Voted answer clusters plus the aggregator's decision → claims. An accepted answer the sources
 * do not state becomes a claim without sources. A cluster the aggregator did not accept is
 * rejected: with the aggregator's reason when it gave one, else misinformation when its vote weight
 * is below the accepted answers' (a minority or unreliable sites), else unclear.
 */
export function claimsFromDecision(vote: VoteResult, decision: AggregatedAnswer): ClaimDraft[] {
  const isAccepted = (cluster: AnswerCluster) =>
    decision.answers.some((answer) => cluster.members.some((member) => answersEquivalent(member, answer)));
  const acceptedWeight = Math.max(0, ...vote.clusters.filter(isAccepted).map((cluster) => cluster.weight));
  const claims: ClaimDraft[] = vote.clusters.map((cluster) => {
    const accepted = isAccepted(cluster);
    const reason = decision.rejected.find((entry) =>
      cluster.members.some((member) => answersEquivalent(member, entry.answer)),
    )?.reason;
    const claim: ClaimDraft = {
      answer: cluster.answer,
      summary: summaryOf(cluster),
      sourceIds: cluster.sourceIds,
      fromMemory: false,
      confidence: cluster.share,
      status: accepted ? 'accepted' : 'rejected',
    };
    if (!accepted) {
      claim.kind =
        reason === 'outdated'
          ? 'outdated'
          : reason === 'misinformation' || cluster.weight < acceptedWeight
            ? 'misinformation'
            : 'unclear';
    }
    return claim;
  });
  for (const answer of decision.answers) {
    if (claims.some((claim) => answersEquivalent(claim.answer, answer))) continue;
    claims.push({
      answer,
      summary: 'Concluded from the debate.',
      sourceIds: [],
      fromMemory: false,
      confidence: 0.5,
      status: 'accepted',
    });
  }
  // Accepted answers first, in order of support, so "finalAnswer" is the best supported.
  return claims.sort((a, b) => Number(b.status === 'accepted') - Number(a.status === 'accepted'));
}

/** Without a debate the vote decides: the winner is the answer, other answers stay unsettled. */
export function voteDecision(vote: VoteResult): AggregatedAnswer {
  return {
    answers: vote.winner ? [vote.winner.answer] : [],
    rejected: [],
    explanation: vote.winner
      ? `${vote.winner.domains.length} site(s) answer "${vote.winner.answer}" (${Math.round(vote.winner.share * 100)}% of the weighted vote).`
      : 'No result answers the question.',
  };
}
