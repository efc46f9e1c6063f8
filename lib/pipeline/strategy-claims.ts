import { answersEquivalent } from '../answers/equivalence';
import { isIdk } from '../answers/idk';
import type { Strategy } from '../core/verdict';
import type { StrategyScores } from './strategy';
import type { ClaimDraft } from './verdict-builder';

export interface StrategyOutcome {
  claims: ClaimDraft[];
  confidence: number;
  explanation: string;
  finalAnswer: string | null;
}

const WHY: Record<Strategy, string> = {
  all: 'The model’s own knowledge and the reliable results agree.',
  external: 'The results settle the question; the model’s memory was missing or weaker.',
  internal:
    'The model’s confident knowledge outweighs results from sites of low reliability; those results are flagged.',
  refuse: 'The sources and the model do not settle this.',
};

/**
 * Applies the strategy to the claims the vote and debate produced. The memory answer joins the
 * equivalent external claim, or stands alone: accepted (internal), rejected as outdated (external)
 * or open (refuse). Under "internal", external claims that disagree are rejected: as
 * misinformation when their sites are of low reliability on average, else as unclear.
 */
export function applyStrategy(
  strategy: Strategy,
  memory: { answer: string; confidence: number },
  external: ClaimDraft[],
  scores: StrategyScores,
  meanReliability: (sourceIds: string[]) => number,
  debateExplanation: string,
): StrategyOutcome {
  const claims = external.map((claim) => ({ ...claim }));
  if (!isIdk(memory.answer)) {
    const twin = claims.find((claim) => answersEquivalent(claim.answer, memory.answer));
    if (twin) twin.fromMemory = true;
    else {
      claims.push({
        answer: memory.answer,
        summary: 'From the model’s own knowledge.',
        sourceIds: [],
        fromMemory: true,
        confidence: memory.confidence,
        status: strategy === 'internal' ? 'accepted' : strategy === 'refuse' ? 'open' : 'rejected',
        ...(strategy === 'external' || strategy === 'all' ? { kind: 'outdated' as const } : {}),
      });
    }
  }
  for (const claim of claims) {
    if (strategy === 'internal') {
      if (claim.fromMemory) claim.status = 'accepted';
      else if (claim.status !== 'rejected' || !claim.kind) {
        claim.status = 'rejected';
        claim.kind = meanReliability(claim.sourceIds) < 0.5 ? 'misinformation' : 'unclear';
      }
    } else if (strategy === 'refuse' && claim.status === 'accepted') claim.status = 'open';
  }
  claims.sort((a, b) => Number(b.status === 'accepted') - Number(a.status === 'accepted'));
  const externalConfidence = scores.s3 * scores.retrievalWeight;
  const confidence =
    strategy === 'all'
      ? 1 - (1 - externalConfidence) * (1 - scores.s2)
      : strategy === 'external'
        ? externalConfidence
        : strategy === 'internal'
          ? Math.min(scores.s2, scores.tLlm / Math.max(1e-9, scores.tLlm + scores.tRet))
          : 0;
  const accepted = claims.filter((claim) => claim.status === 'accepted');
  const finalAnswer =
    strategy === 'refuse'
      ? null
      : strategy === 'internal'
        ? memory.answer
        : (accepted.find((claim) => claim.fromMemory)?.answer ?? accepted[0]?.answer ?? null);
  const explanation = [WHY[strategy], debateExplanation].filter((text) => text.trim() !== '').join(' ');
  return { claims, confidence, explanation, finalAnswer };
}
