import { answersEquivalent } from '../../answers/equivalence';
import { isIdk } from '../../answers/idk';
import { FactCheckError } from '../../core/errors';
import type { Verdict } from '../../core/verdict';
import { IDK } from '../../trust/types';
import { claimsFromDecision, voteDecision } from '../claims';
import type { RunLedger } from '../ledger';
import { agentPrompt } from '../prompts/agent';
import { type AggregatedAnswer, aggregatorPrompt } from '../prompts/aggregator';
import { alignAnswer } from '../rouge';
import type { CheckInput } from '../types';
import { startMethod } from './common';
import { askSources, readOrIdk, type SourceAnswer, sourceText, UNREADABLE, voteOn } from './source-answers';

export interface DebateOptions {
  maxRounds: number;
  /** Keep revised answers grounded in their source (f_align), as the composed run's votes are. */
  filter: boolean;
  /** Show each agent's site reliability to the aggregator (the composed run knows it). */
  showReliability: boolean;
  /** Called after each round's aggregate, for partial verdicts. */
  onRound?: (agents: SourceAnswer[], aggregate: AggregatedAnswer, round: number) => void;
}

export interface DebateOutcome {
  agents: SourceAnswer[];
  aggregate: AggregatedAnswer;
  rounds: number;
  /** Why the debate ended: every agent kept its answer, the round limit, or the budget. */
  stop: 'converged' | 'max-rounds' | 'budget';
}

export async function aggregateRound(
  ledger: RunLedger,
  question: string,
  agents: SourceAnswer[],
  options: DebateOptions,
) {
  const prompt = aggregatorPrompt(
    ledger.model,
    question,
    agents.map((agent) => ({
      answer: agent.raw,
      explanation: agent.explanation,
      domain: agent.source.domain,
      ...(options.showReliability ? { reliability: agent.reliability } : {}),
    })),
  );
  return ledger.stage('aggregate', async () =>
    prompt.parse((await ledger.generate('aggregate', prompt.request, { stream: true })).text),
  );
}

export async function reviseAnswer(
  ledger: RunLedger,
  question: string,
  agent: SourceAnswer,
  agents: SourceAnswer[],
  aggregate: AggregatedAnswer,
  options: DebateOptions,
): Promise<SourceAnswer> {
  const others = agents.filter((other) => other !== agent).map((other) => `${other.source.domain}: ${other.raw}`);
  const { source } = agent;
  const prompt = agentPrompt(
    ledger.model,
    question,
    { domain: source.domain, title: source.title, text: source.snippet },
    { answers: aggregate.answers, explanation: aggregate.explanation, others },
  );
  const text = (await ledger.generate('debate', prompt.request)).text;
  // An unreadable revision keeps the agent's answer: it is not a change of mind.
  const parsed = readOrIdk(() => prompt.parse(text));
  if (parsed.answer === IDK && parsed.explanation === UNREADABLE) return agent;
  const raw = isIdk(parsed.answer) ? IDK : parsed.answer.trim();
  return {
    ...agent,
    raw,
    answer: options.filter ? alignAnswer(raw, sourceText(source)) : raw,
    explanation: parsed.explanation,
  };
}

export async function readableOr(work: Promise<AggregatedAnswer>, fallback: () => AggregatedAnswer) {
  try {
    return await work;
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'malformed-output') return fallback();
    throw error;
  }
}

/**
 * MADAM-RAG from round 1's answers: the aggregator after every round; rounds 2..T show each agent
 * the last aggregate (and the others' answers); stop early when no agent's normalized answer
 * changed. Calls: 1 aggregator for round 1, then n agents + 1 aggregator per further round.
 */
export async function debate(
  ledger: RunLedger,
  question: string,
  roundOne: SourceAnswer[],
  options: DebateOptions,
): Promise<DebateOutcome> {
  let agents = roundOne;
  // An unreadable aggregate falls back to the weighted vote (round 1) or to the last aggregate.
  let aggregate = await readableOr(aggregateRound(ledger, question, agents, options), () =>
    voteDecision(voteOn(agents)),
  );
  for (let round = 2; round <= options.maxRounds; round++) {
    if (!ledger.canAfford(agents.length + 1)) return { agents, aggregate, rounds: round - 1, stop: 'budget' };
    const previous = agents;
    agents = await ledger.stage(
      'debate',
      () => Promise.all(previous.map((agent) => reviseAnswer(ledger, question, agent, previous, aggregate, options))),
      `round ${round} of ${options.maxRounds}`,
    );
    const last = aggregate;
    aggregate = await readableOr(aggregateRound(ledger, question, agents, options), () => last);
    options.onRound?.(agents, aggregate, round);
    const changed = agents.some((agent, index) => !answersEquivalent(agent.raw, previous[index]?.raw ?? IDK));
    if (!changed) return { agents, aggregate, rounds: round, stop: 'converged' };
  }
  return { agents, aggregate, rounds: options.maxRounds, stop: 'max-rounds' };
}

/** MADAM-RAG alone: one agent per source (κ caps them on a local model), then the debate. */
export async function runMadam(input: CheckInput): Promise<Verdict> {
  const run = startMethod(input);
  const { ledger, usable } = run;
  const capAgents = input.capAgents ?? ledger.model.local;
  const roundOne = await ledger.stage('source-answers', () =>
    askSources(ledger, input.question, usable, run.reliability, {
      stage: 'source-answers',
      filter: false,
      ...(capAgents ? { kappa: input.params.kappa } : {}),
    }),
  );
  const verdictOf = (agents: SourceAnswer[], aggregate: AggregatedAnswer, note: string) => {
    const claims = claimsFromDecision(voteOn(agents), aggregate);
    const accepted = claims.filter((claim) => claim.status === 'accepted');
    return run.finish({
      method: 'madam',
      strategy: 'external',
      explanation: `${aggregate.explanation} (${note})`,
      confidence: Math.min(
        1,
        accepted.reduce((sum, claim) => sum + claim.confidence, 0),
      ),
      claims,
      sourceAnswers: new Map(roundOne.map((agent) => [agent.source.id, agent.answer])),
    });
  };
  const outcome = await debate(ledger, input.question, roundOne, {
    maxRounds: input.params.rounds,
    filter: false,
    showReliability: false,
    onRound: (agents, aggregate, round) =>
      ledger.emit({ type: 'partial', verdict: verdictOf(agents, aggregate, `after round ${round}`) }),
  });
  const rounds = `${outcome.rounds} round${outcome.rounds === 1 ? '' : 's'}, ${outcome.stop}`;
  return verdictOf(outcome.agents, outcome.aggregate, rounds);
}
