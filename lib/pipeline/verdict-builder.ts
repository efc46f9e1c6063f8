import type { AnswerBox } from '../core/serp-capture';
import type { Source } from '../core/source';
import type {
  ClaimGroup,
  Conflict,
  ConflictKind,
  Method,
  SourceAssessment,
  Strategy,
  Usage,
  Verdict,
} from '../core/verdict';
import type { TrustLookup } from '../trust/types';

/** A candidate answer with its support, and what the run decided about it. */
export interface ClaimDraft {
  answer: string;
  summary: string;
  sourceIds: string[];
  fromMemory: boolean;
  confidence: number;
  /** accepted: in the verdict's answers; rejected: judged wrong; open: not settled (refusals). */
  status: 'accepted' | 'rejected' | 'open';
  /** Why a rejected claim was rejected. */
  kind?: ConflictKind;
}

export interface VerdictDraft {
  method: Method;
  strategy: Strategy;
  explanation: string;
  confidence: number;
  claims: ClaimDraft[];
  /** The most reliable accepted answer; defaults to the first accepted claim. */
  finalAnswer?: string | null;
  /** Each source's own keyword answer, by source id. */
  sourceAnswers?: ReadonlyMap<string, string>;
}

export interface VerdictContext {
  question: string;
  /** Every input source, blocked ones included (they are listed as irrelevant). */
  sources: Source[];
  trust: TrustLookup;
  answerBox?: AnswerBox;
}

const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

const RESOLUTIONS: Record<ConflictKind, string> = {
  ambiguity: 'The question has several valid answers; each group is about a different referent.',
  misinformation: 'Only sources of low reliability or a minority support the rejected answer.',
  outdated: 'The rejected answer was true once; newer information replaced it.',
  unclear: 'The sources and the model do not settle which answer is right.',
};

function conflictsOf(groups: ClaimGroup[], claims: ClaimDraft[]): Conflict[] {
  const accepted = groups.filter((_, index) => claims[index]?.status === 'accepted');
  const conflicts: Conflict[] = [];
  if (accepted.length >= 2) {
    conflicts.push({
      id: 'c1',
      groupIds: accepted.map((group) => group.id),
      kind: 'ambiguity',
      resolution: RESOLUTIONS.ambiguity,
    });
  }
  const leading = accepted[0];
  groups.forEach((group, index) => {
    const claim = claims[index];
    if (claim?.status !== 'rejected' || !leading) return;
    const kind = claim.kind ?? 'misinformation';
    conflicts.push({
      id: `c${conflicts.length + 1}`,
      groupIds: [leading.id, group.id],
      kind,
      resolution: RESOLUTIONS[kind],
    });
  });
  const open = groups.filter((_, index) => claims[index]?.status !== 'accepted');
  if (!leading && open.length >= 2) {
    conflicts.push({
      id: `c${conflicts.length + 1}`,
      groupIds: open.map((group) => group.id),
      kind: 'unclear',
      resolution: RESOLUTIONS.unclear,
    });
  }
  return conflicts;
}

/**
 * Turns a method's decisions into the Verdict: groups g1.., conflicts, and one assessment per
 * input source. Stance is relative to the verdict's answers: supports (its group is accepted, or
 * unsettled when refusing), contradicts (its group was rejected), irrelevant (no answer).
 */
export function buildVerdict(context: VerdictContext, draft: VerdictDraft, usage: Usage): Verdict {
  const claims = draft.claims.filter((claim) => claim.answer.trim() !== '');
  const groups: ClaimGroup[] = claims.map((claim, index) => ({
    id: `g${index + 1}`,
    answer: claim.answer,
    summary: claim.summary,
    sourceIds: [...new Set(claim.sourceIds)],
    fromMemory: claim.fromMemory,
    confidence: clamp(claim.confidence),
  }));
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => {
    for (const id of group.sourceIds) if (!groupOf.has(id)) groupOf.set(id, index);
  });
  const sources: SourceAssessment[] = context.sources.map((source) => {
    const trust = context.trust(source.domain);
    const index = trust.blocked ? undefined : groupOf.get(source.id);
    const claim = index === undefined ? undefined : claims[index];
    const stance = !claim ? 'irrelevant' : claim.status === 'rejected' ? 'contradicts' : 'supports';
    const answer = trust.blocked ? undefined : draft.sourceAnswers?.get(source.id);
    return {
      sourceId: source.id,
      url: source.url,
      domain: source.domain,
      stance,
      groupId: index === undefined ? null : (groups[index]?.id ?? null),
      trust: clamp(trust.reliability),
      ...(answer !== undefined ? { answer } : {}),
    };
  });
  const answers = draft.strategy === 'refuse' ? [] : claims.filter((c) => c.status === 'accepted').map((c) => c.answer);
  const finalAnswer = draft.strategy === 'refuse' ? null : (draft.finalAnswer ?? answers[0] ?? null);
  const verdict: Verdict = {
    question: context.question,
    method: draft.method,
    strategy: answers.length === 0 ? 'refuse' : draft.strategy,
    answers,
    finalAnswer: answers.length === 0 ? null : finalAnswer,
    explanation: draft.explanation,
    confidence: answers.length === 0 ? 0 : clamp(draft.confidence),
    groups,
    conflicts: conflictsOf(groups, claims),
    sources,
    usage,
  };
  // The engine's own answer is checked claim by claim beside the method (lib/claims).
  return verdict;
}
