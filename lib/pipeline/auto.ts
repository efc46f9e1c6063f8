import { isIdk } from '../answers/idk';
import { FactCheckError } from '../core/errors';
import type { Strategy, Verdict } from '../core/verdict';
import { claimsFromDecision, voteDecision } from './claims';
import { type AstuteOutcome, astute } from './methods/astute';
import { type MethodRun, startMethod } from './methods/common';
import { debate } from './methods/madam';
import { askSources, voteOn } from './methods/source-answers';
import type { AggregatedAnswer } from './prompts/aggregator';
import { reflectPrompt } from './prompts/reflect';
import { decideStrategy, type StrategyScores } from './strategy';
import { applyStrategy } from './strategy-claims';
import type { CheckInput } from './types';
import type { VoteResult } from './voting';

const FAST = 0; // queue priority of the fast answer: first on a one-slot model
const UNKNOWN_MEMORY = { answer: 'IDK', confidence: 0 };

const isBudget = (error: unknown) => error instanceof FactCheckError && error.code === 'budget-exceeded';

/**
 * The default run (METHODS.md "The default run"): the fast Astute answer (t = 1, streamed) and the
 * per-source keyword answers start together (the fast answer first in the queue); the keyword
 * answers are filtered by f_align and voted with domain reliability; only when the vote finds
 * several answers do the conflicting agents debate (MADAM rounds with the aggregator); then the
 * BRIDGE strategy decides. A partial verdict follows every stage; when the budget runs out the
 * best verdict so far is returned, marked as cut short.
 */
export async function runAuto(input: CheckInput): Promise<Verdict> {
  const run = startMethod(input);
  const { ledger } = run;
  const latest: { verdict: Verdict | null; rank: number } = { verdict: null, rank: 0 };
  // A later stage's verdict is never replaced by an earlier stage's that finished late.
  const publish: Publish = (verdict, rank) => {
    if (rank < latest.rank) return;
    latest.verdict = { ...verdict, method: 'auto' };
    latest.rank = rank;
    ledger.emit({ type: 'partial', verdict: latest.verdict });
  };
  try {
    return await composedRun(run, publish);
  } catch (error) {
    const partial = latest.verdict;
    if (!isBudget(error) || partial === null || !(error instanceof Error)) throw error;
    return { ...partial, explanation: `${partial.explanation} (Cut short: ${error.message})`, usage: ledger.usage() };
  }
}

type Publish = (verdict: Verdict, rank: number) => void;

async function composedRun(run: MethodRun, publish: Publish): Promise<Verdict> {
  const { input, ledger, usable } = run;
  const params = input.params;
  const fastCalls = (params.passages > 0 ? 1 : 0) + 1;
  const maxAgents = Math.max(0, ledger.callsLeft - fastCalls - 1);
  const capAgents = input.capAgents ?? ledger.model.local;

  // An unreadable finalization must not take the memory answer with it: it is kept as recalled.
  let recalled = UNKNOWN_MEMORY;
  const fast = ledger
    .stage('fast-answer', () =>
      astute(run, {
        priority: FAST,
        iterations: 1,
        onRecall: (internal) => {
          recalled = internal;
        },
      }),
    )
    .then((outcome) => {
      publish(outcome.verdict, 1);
      return outcome;
    });
  // The external side does not wait for the fast answer: only the strategy needs both.
  const external = async () => {
    const sourceAnswers = await ledger.stage('source-answers', () =>
      askSources(ledger, input.question, usable, run.reliability, {
        stage: 'source-answers',
        filter: true,
        maxAgents,
        ...(capAgents ? { kappa: params.kappa } : {}),
      }),
    );
    const keywordAnswers = new Map(sourceAnswers.map((answer) => [answer.source.id, answer.answer]));
    // (3) the vote; (4) a debate only among agents that answered, and only if they disagree.
    const vote = voteOn(sourceAnswers);
    let decision = voteDecision(vote);
    let voters = sourceAnswers;
    if (vote.clusters.length >= 2) {
      publish(finishDraft(run, vote, decision, keywordAnswers, 'Sources disagree; debating.'), 2);
      const conflicting = sourceAnswers.filter((answer) => !isIdk(answer.answer));
      try {
        const outcome = await debate(ledger, input.question, conflicting, {
          maxRounds: params.rounds,
          filter: true,
          showReliability: true,
          onRound: (agents, aggregate, round) => {
            const all = [...agents, ...sourceAnswers.filter((answer) => isIdk(answer.answer))];
            publish(
              finishDraft(run, voteOn(all), aggregate, keywordAnswers, `Debate round ${round}.`, true),
              2 + round,
            );
          },
        });
        decision = outcome.aggregate;
        voters = [...outcome.agents, ...sourceAnswers.filter((answer) => isIdk(answer.answer))];
      } catch (error) {
        if (!isBudget(error) && !(error instanceof FactCheckError && error.code === 'malformed-output')) throw error;
      }
    }
    return { keywordAnswers, decision, finalVote: voteOn(voters) };
  };
  const [fastOutcome, { keywordAnswers, decision, finalVote }] = await Promise.all([settleFast(fast), external()]);
  const memory = fastOutcome?.internal ?? recalled;

  // (5) the strategy, with up to `reflections` re-asks of the model in the uncertain band. A
  // reflection confirms the memory answer (a new confidence) or withdraws it; the memory answer
  // stays in the verdict either way, so its conflict with the results stays visible.
  return ledger.stage('strategy', async () => {
    let current: { answer: string; confidence: number } = memory;
    let reflections = input.reflections ?? 1;
    for (;;) {
      const claims = claimsFromDecision(finalVote, decision);
      const accepted = finalVote.clusters.filter((cluster) =>
        claims.some((claim) => claim.status === 'accepted' && claim.answer === cluster.answer),
      );
      const { choice, scores } = decideStrategy({
        memory: current,
        vote: finalVote,
        accepted,
        reliability: (domain) => input.trust(domain).reliability,
        alpha: params.alpha,
        beta: params.beta,
      });
      if (choice !== 'reflect' || reflections <= 0 || !ledger.canAfford(1)) {
        const strategy: Strategy = choice === 'reflect' ? 'refuse' : choice;
        const shown = { answer: memory.answer, confidence: isIdk(current.answer) ? 0 : current.confidence };
        return finishStrategy(run, strategy, shown, claims, scores, keywordAnswers, decision.explanation);
      }
      reflections--;
      const prompt = reflectPrompt(ledger.model, input.question, memory, {
        answers: accepted.map((cluster) => cluster.answer),
        sites: new Set(accepted.flatMap((cluster) => cluster.domains)).size,
      });
      const text = (await ledger.generate('strategy', prompt.request)).text;
      // An unreadable reflection changes nothing; the loop then refuses in the uncertain band.
      try {
        current = prompt.parse(text);
      } catch (error) {
        if (!(error instanceof FactCheckError && error.code === 'malformed-output')) throw error;
      }
    }
  });
}

/** The fast answer is a bonus: if its output is unreadable the run goes on without memory. */
async function settleFast(fast: Promise<AstuteOutcome>): Promise<AstuteOutcome | null> {
  try {
    return await fast;
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'malformed-output') return null;
    throw error;
  }
}

function finishStrategy(
  run: MethodRun,
  strategy: Strategy,
  memory: { answer: string; confidence: number },
  claims: ReturnType<typeof claimsFromDecision>,
  scores: StrategyScores,
  keywordAnswers: Map<string, string>,
  explanation: string,
): Verdict {
  const reliabilityOf = new Map(run.usable.map((source) => [source.id, run.reliability(source)]));
  const meanReliability = (ids: string[]) =>
    ids.length ? ids.reduce((sum, id) => sum + (reliabilityOf.get(id) ?? 0.5), 0) / ids.length : 0.5;
  const outcome = applyStrategy(strategy, memory, claims, scores, meanReliability, explanation);
  return run.finish({
    method: 'auto',
    strategy,
    explanation: outcome.explanation,
    confidence: outcome.confidence,
    claims: outcome.claims,
    finalAnswer: outcome.finalAnswer,
    sourceAnswers: keywordAnswers,
  });
}

/** A provisional verdict while the debate runs: the vote's winner (nothing rejected yet), then each round's aggregate. */
function finishDraft(
  run: MethodRun,
  vote: VoteResult,
  decision: AggregatedAnswer,
  keywordAnswers: Map<string, string>,
  note: string,
  settled = false,
): Verdict {
  const claims = claimsFromDecision(vote, decision).map((claim) =>
    claim.status === 'rejected' && !settled ? { ...claim, status: 'open' as const } : claim,
  );
  return run.finish({
    method: 'auto',
    strategy: 'external',
    explanation: `${note} ${decision.explanation}`,
    confidence: vote.winner?.share ?? 0,
    claims,
    sourceAnswers: keywordAnswers,
  });
}
