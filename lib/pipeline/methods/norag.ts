import type { Verdict } from '../../core/verdict';
import { noragPrompt } from '../prompts/norag';
import type { CheckInput } from '../types';
import { startMethod } from './common';

/** Baseline: the model's own knowledge only (1 call). The sources are not read, so all are irrelevant. */
export async function runNorag(input: CheckInput): Promise<Verdict> {
  const { ledger, finish } = startMethod(input);
  const prompt = noragPrompt(ledger.model, input.question);
  const answer = await ledger.stage('internal-knowledge', async () =>
    prompt.parse((await ledger.generate('internal-knowledge', prompt.request, { stream: true })).text),
  );
  return finish({
    method: 'norag',
    strategy: 'internal',
    explanation: answer.answers.length ? 'Answered from the model’s own knowledge only.' : 'The model does not know.',
    confidence: answer.confidence,
    claims: answer.answers.map((text) => ({
      answer: text,
      summary: 'From the model’s memory.',
      sourceIds: [],
      fromMemory: true,
      confidence: answer.confidence,
      status: 'accepted' as const,
    })),
  });
}
