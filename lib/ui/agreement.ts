import type { ClaimGroup, Verdict } from '../core/verdict';
import { normalizeAnswer } from '../trust/answers';

export interface Supporter {
  sourceId: string;
  domain: string;
  /** The weight the run gave this site. */
  trust: number;
  /** This site's part of all the trust weight behind any answer, 0–1. */
  share: number;
}

export interface AgreementRow {
  groupId: string;
  answer: string;
  /** The run gives this answer (one of several when the question is ambiguous). */
  accepted: boolean;
  fromMemory: boolean;
  /** The group's part of all the trust weight behind any answer, 0–1. */
  share: number;
  supporters: Supporter[];
}

/** Sites count by the weight the run gave them; a site with no weight at all still shows as a sliver. */
const MIN_WEIGHT = 0.02;

/**
 * Who supports what, weighted by trust: for each answer the sources gave, the sites behind it and
 * their part of the total trust weight of every site that gave an answer. Heaviest answer first.
 */
export function agreementOf(verdict: Verdict): AgreementRow[] {
  const accepted = new Set(
    [...verdict.answers, ...(verdict.finalAnswer ? [verdict.finalAnswer] : [])].map(normalizeAnswer),
  );
  const membersOf = (group: ClaimGroup) =>
    verdict.sources.filter(
      (source) =>
        source.stance !== 'irrelevant' && (source.groupId === group.id || group.sourceIds.includes(source.sourceId)),
    );
  const groups = verdict.groups
    .filter((group) => group.answer.trim() !== '')
    .map((group) => ({ group, members: membersOf(group) }))
    .filter(({ group, members }) => members.length > 0 || group.fromMemory);
  // A site counted in two groups would count twice: the first group (the run's order) keeps it.
  const counted = new Set<string>();
  const rows = groups.map(({ group, members }) => ({
    group,
    members: members.filter((source) => {
      if (counted.has(source.sourceId)) return false;
      counted.add(source.sourceId);
      return true;
    }),
  }));
  const weight = (trust: number) => Math.max(trust, MIN_WEIGHT);
  const total = rows.reduce((sum, { members }) => sum + members.reduce((s, m) => s + weight(m.trust), 0), 0);
  const shareOf = (trust: number) => (total > 0 ? weight(trust) / total : 0);
  return rows
    .map(({ group, members }) => {
      const supporters = members
        .map((source) => ({
          sourceId: source.sourceId,
          domain: source.domain,
          trust: source.trust,
          share: shareOf(source.trust),
        }))
        .sort((a, b) => b.trust - a.trust);
      return {
        groupId: group.id,
        answer: group.answer,
        accepted: accepted.has(normalizeAnswer(group.answer)),
        fromMemory: group.fromMemory,
        share: supporters.reduce((sum, supporter) => sum + supporter.share, 0),
        supporters,
      };
    })
    .sort((a, b) => b.share - a.share);
}
