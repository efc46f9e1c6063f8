import type { Source } from '../../core/source';
import type { Verdict } from '../../core/verdict';
import { RunLedger } from '../ledger';
import type { Passage } from '../prompts/context';
import type { CheckInput } from '../types';
import { buildVerdict, type VerdictContext, type VerdictDraft } from '../verdict-builder';

/** What every method starts from: its ledger, the sources it may use, and how to finish a verdict. */
export interface MethodRun {
  input: CheckInput;
  ledger: RunLedger;
  /** Sources whose domain is not blocked, in rank order: only these reach a prompt. */
  usable: Source[];
  reliability(source: Source): number;
  finish(draft: VerdictDraft): Verdict;
}

export function startMethod(input: CheckInput, ledger?: RunLedger): MethodRun {
  const run = ledger ?? input.ledger ?? new RunLedger(input);
  const usable = input.sources.filter((source) => !input.trust(source.domain).blocked);
  const context: VerdictContext = {
    question: input.question,
    sources: input.sources,
    trust: input.trust,
    ...(input.answerBox ? { answerBox: input.answerBox } : {}),
  };
  return {
    input,
    ledger: run,
    usable,
    reliability: (source) => input.trust(source.domain).reliability,
    finish: (draft) => buildVerdict(context, draft, run.usage()),
  };
}

/** Results as numbered external passages (rank order, as the Astute paper found order matters little). */
export function externalPassages(sources: Source[]): Passage[] {
  return sources.map((source, index) => ({
    number: index + 1,
    origin: 'external',
    domain: source.domain,
    title: source.title,
    text: source.snippet,
  }));
}

/** Ids of the sources behind passage numbers (memory passages have none). */
export function sourceIdsOf(numbers: number[], sources: Source[]): string[] {
  return numbers.flatMap((number) => {
    const source = sources[number - 1];
    return source ? [source.id] : [];
  });
}
