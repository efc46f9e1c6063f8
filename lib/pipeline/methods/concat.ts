import type { Verdict } from '../../core/verdict';
import { concatPrompt } from '../prompts/concat';
import type { CheckInput } from '../types';
import type { ClaimDraft } from '../verdict-builder';
import { externalPassages, sourceIdsOf, startMethod } from './common';

/** Baseline: every snippet in one prompt, every correct answer with its sources (1 call). */
export async function runConcat(input: CheckInput): Promise<Verdict> {
  const { ledger, usable, finish } = startMethod(input);
  const prompt = concatPrompt(ledger.model, input.question, externalPassages(usable));
  const output = await ledger.stage('finalize', async () =>
    prompt.parse((await ledger.generate('finalize', prompt.request, { stream: true })).text),
  );
  const supported = new Set(output.answers.flatMap((entry) => entry.sources));
  const claims: ClaimDraft[] = output.answers.map((entry) => ({
    answer: entry.answer,
    summary: `Stated by ${entry.sources.length} of ${usable.length} results.`,
    sourceIds: sourceIdsOf(entry.sources, usable),
    fromMemory: false,
    confidence: usable.length ? Math.max(0.3, entry.sources.length / Math.max(1, supported.size)) : 0.3,
    status: 'accepted',
  }));
  return finish({
    method: 'concat',
    strategy: 'external',
    explanation: output.explanation,
    confidence: claims.length ? Math.max(...claims.map((claim) => claim.confidence)) : 0,
    claims,
  });
}
