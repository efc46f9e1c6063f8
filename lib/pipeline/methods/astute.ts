import { answersEquivalent } from '../../answers/equivalence';
import { isIdk } from '../../answers/idk';
import type { Strategy, Verdict } from '../../core/verdict';
import { consolidatePrompt } from '../prompts/consolidate';
import type { ConsolidatedDocument, Passage } from '../prompts/context';
import { type FinalizedAnswer, finalizePrompt } from '../prompts/finalize';
import { type InternalKnowledge, internalKnowledgePrompt } from '../prompts/internal-knowledge';
import type { CheckInput } from '../types';
import type { ClaimDraft } from '../verdict-builder';
import { externalPassages, type MethodRun, sourceIdsOf, startMethod } from './common';

export interface AstuteOutcome {
  verdict: Verdict;
  internal: InternalKnowledge;
}

const UNKNOWN: InternalKnowledge = { passages: [], answer: 'IDK', confidence: 0 };

/**
 * Astute RAG (Algorithm 1): adaptive internal passages (≤ m̂, possibly none), t − 1 consolidation
 * calls over ⟨D0, Dj⟩, then one finalization call that also consolidates. Calls: 1 + (t − 1) + 1
 * (2 with the paper's t = 1; 1 when m̂ = 0, as nothing is recalled).
 */
export async function astute(
  run: MethodRun,
  options: {
    priority?: number;
    iterations?: number;
  } = {},
): Promise<AstuteOutcome> {
  const { input, ledger, usable } = run;
  const iterations = options.iterations ?? input.params.iterations;
  const maxPassages = input.params.passages;
  const priority = options.priority ?? 5;

  let internal = UNKNOWN;
  if (maxPassages > 0) {
    const prompt = internalKnowledgePrompt(ledger.model, input.question, maxPassages);
    internal = await ledger.stage('internal-knowledge', async () =>
      prompt.parse((await ledger.generate('internal-knowledge', prompt.request, { priority })).text),
    );
  }
  const external = externalPassages(usable);
  const memory: Passage[] = internal.passages.map((text, index) => ({
    number: external.length + index + 1,
    origin: 'memory',
    text,
  }));
  const initial = [...external, ...memory];

  let consolidated: ConsolidatedDocument[] | null = null;
  for (let iteration = 1; iteration < iterations; iteration++) {
    const prompt = consolidatePrompt(ledger.model, input.question, initial, consolidated);
    consolidated = await ledger.stage(
      'consolidate',
      async () => prompt.parse((await ledger.generate('consolidate', prompt.request, { priority })).text),
      `iteration ${iteration} of ${iterations - 1}`,
    );
  }

  const prompt = finalizePrompt(ledger.model, input.question, initial, consolidated);
  const final = await ledger.stage('finalize', async () =>
    prompt.parse((await ledger.generate('finalize', prompt.request, { priority, stream: true })).text),
  );
  return { internal, verdict: run.finish(astuteDraft(final, usable.length, run)) };
}

function astuteDraft(final: FinalizedAnswer, externalCount: number, run: MethodRun) {
  const accepted = (answer: string) => final.answers.some((candidate) => answersEquivalent(candidate, answer));
  const claims: ClaimDraft[] = final.groups.map((group) => ({
    answer: group.answer,
    summary: group.summary,
    sourceIds: sourceIdsOf(group.sources, run.usable),
    fromMemory: group.memory || group.sources.some((number) => number > externalCount),
    confidence: group.confidence,
    status: accepted(group.answer) ? 'accepted' : 'rejected',
  }));
  for (const answer of final.answers) {
    if (claims.some((claim) => answersEquivalent(claim.answer, answer))) continue;
    claims.push({ answer, summary: '', sourceIds: [], fromMemory: false, confidence: 0.5, status: 'accepted' });
  }
  const support = Math.max(0, ...claims.filter((c) => c.status === 'accepted').map((c) => c.sourceIds.length));
  for (const claim of claims) {
    // A rejected group with less support than the answer is the misinformation case; else unsettled.
    if (claim.status === 'rejected') claim.kind = claim.sourceIds.length < support ? 'misinformation' : 'unclear';
  }
  const chosen = claims.filter((claim) => claim.status === 'accepted');
  const fromMemory = chosen.some((claim) => claim.fromMemory);
  const fromSources = chosen.some((claim) => claim.sourceIds.length > 0);
  const strategy: Strategy = fromMemory && fromSources ? 'all' : fromMemory ? 'internal' : 'external';
  const selected = chosen.find((claim) => answersEquivalent(claim.answer, final.final));
  return {
    method: 'astute' as const,
    strategy,
    explanation: final.explanation,
    confidence: selected?.confidence ?? chosen[0]?.confidence ?? 0,
    claims,
    finalAnswer: isIdk(final.final) ? null : (selected?.answer ?? final.final),
  };
}

export async function runAstute(input: CheckInput): Promise<Verdict> {
  return (await astute(startMethod(input))).verdict;
}
