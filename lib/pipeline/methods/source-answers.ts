import { isIdk } from '../../answers/idk';
import { FactCheckError } from '../../core/errors';
import type { Stage } from '../../core/run-event';
import type { Source } from '../../core/source';
import { IDK } from '../../trust/types';
import type { RunLedger } from '../ledger';
import { agentPrompt } from '../prompts/agent';
import { keywordAnswerPrompt } from '../prompts/keyword-answer';
import { alignAnswer } from '../rouge';
import { type Vote, weightedVote } from '../voting';

/** One source's answer: what the model said from that source alone, and what survived f_align. */
export interface SourceAnswer {
  source: Source;
  reliability: number;
  /** The model's keyword answer as written (IDK when it said so). */
  raw: string;
  /** After the misalignment filter (or `raw` when filtering is off): IDK when not grounded in the snippet. */
  answer: string;
  explanation: string;
}

export interface AskOptions {
  stage: Stage;
  /** Apply f_align (RA-RAG); MADAM alone does not. */
  filter: boolean;
  /** κ-RRSS: ask in reliability order until κ sources give a relevant (non-IDK) answer. */
  kappa?: number;
  /** At most this many sources are asked (budget). */
  maxAgents?: number;
  priority?: number;
  /** Ask for a reason with each answer (MADAM's agents); without, RA-RAG's bare keyword answer. */
  explain?: boolean;
}

export const UNREADABLE = 'The answer could not be read.';

/** One unreadable agent answer must not sink the run: it counts as IDK. */
export function readOrIdk(read: () => { answer: string; explanation: string }) {
  try {
    return read();
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'malformed-output') {
      return { answer: IDK, explanation: UNREADABLE };
    }
    throw error;
  }
}

export const sourceText = (source: Source): string => `${source.title}\n${source.snippet}`;

async function askOne(
  ledger: RunLedger,
  question: string,
  source: Source,
  reliability: number,
  options: AskOptions,
): Promise<SourceAnswer> {
  const shown = { domain: source.domain, title: source.title, text: source.snippet };
  const prompt =
    options.explain === false
      ? keywordAnswerPrompt(ledger.model, question, shown)
      : agentPrompt(ledger.model, question, shown);
  const result = await ledger.generate(options.stage, prompt.request, { priority: options.priority ?? 5 });
  const parsed = readOrIdk(() => prompt.parse(result.text));
  const raw = isIdk(parsed.answer) ? IDK : parsed.answer.trim();
  return {
    source,
    reliability,
    raw,
    answer: options.filter ? alignAnswer(raw, sourceText(source)) : raw,
    explanation: parsed.explanation,
  };
}

/**
 * Per-source keyword answers (they double as MADAM's round 1). Without κ every source is asked at
 * once; with κ the sources go in reliability order, in waves of the number still missing, until
 * κ relevant answers are in (RA-RAG's κ-RRSS), so a slow local model asks few sources.
 */
/**
 * One unreadable agent is IDK; none readable at all is a model that does not follow the format, and
 * a verdict built on "every site said IDK" would be wrong without saying so: a clear error instead.
 */
function readable(answers: SourceAnswer[]): SourceAnswer[] {
  if (answers.length > 0 && answers.every((answer) => answer.explanation === UNREADABLE)) {
    throw new FactCheckError(
      'malformed-output',
      `None of the model's ${answers.length} answers about the sources could be read: it does not follow the answer format.`,
    );
  }
  return answers;
}

export async function askSources(
  ledger: RunLedger,
  question: string,
  sources: Source[],
  reliability: (source: Source) => number,
  options: AskOptions,
): Promise<SourceAnswer[]> {
  const limit = Math.min(sources.length, options.maxAgents ?? sources.length);
  if (options.kappa === undefined) {
    const chosen = sources.slice(0, limit);
    return readable(
      await Promise.all(chosen.map((source) => askOne(ledger, question, source, reliability(source), options))),
    );
  }
  const byReliability = sources
    .map((source, rank) => ({ source, rank, reliability: reliability(source) }))
    .sort((a, b) => b.reliability - a.reliability || a.rank - b.rank);
  const answers: SourceAnswer[] = [];
  let next = 0;
  const relevant = () => answers.filter((answer) => !isIdk(answer.answer)).length;
  while (relevant() < options.kappa && next < byReliability.length && answers.length < limit) {
    const wave = byReliability.slice(next, next + Math.min(options.kappa - relevant(), limit - answers.length));
    next += wave.length;
    answers.push(
      ...(await Promise.all(wave.map((entry) => askOne(ledger, question, entry.source, entry.reliability, options)))),
    );
  }
  // Back in rank order, so the verdict and the debate read like the results page.
  return readable(answers.sort((a, b) => a.source.rank - b.source.rank));
}

/** The weighted majority vote over filtered answers, weights = domain reliability. */
export function voteOn(answers: SourceAnswer[]) {
  const votes: Vote[] = answers.map((answer) => ({
    sourceId: answer.source.id,
    domain: answer.source.domain,
    answer: answer.answer,
    weight: answer.reliability,
  }));
  return weightedVote(votes);
}
