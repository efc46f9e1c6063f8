import { answersEquivalent } from '../answers/equivalence';
import { isIdk } from '../answers/idk';
import { FactCheckError } from '../core/errors';
import type { Strategy, Verdict } from '../core/verdict';
import { IDK } from '../trust/types';
import { claimsFromDecision, voteDecision } from './claims';
import { type MethodRun, sourceIdsOf, startMethod } from './methods/common';
import { aggregateRound, readableOr, reviseAnswer } from './methods/madam';
import { askSources, type SourceAnswer, voteOn } from './methods/source-answers';
import type { AggregatedAnswer } from './prompts/aggregator';
import { type QuickAnswer, quickAnswerPrompt } from './prompts/quick-answer';
import { reflectPrompt } from './prompts/reflect';
import { decideStrategy, type StrategyScores } from './strategy';
import { applyStrategy } from './strategy-claims';
import type { CheckInput } from './types';
import type { ClaimDraft } from './verdict-builder';
import type { VoteResult } from './voting';

const FAST = 0; // queue priority of the first answer: first on a one-slot model
const UNKNOWN_MEMORY = { answer: 'IDK', confidence: 0 };

const isBudget = (error: unknown) => error instanceof FactCheckError && error.code === 'budget-exceeded';

/**
 * The default run (METHODS.md "The default run"), at a fraction of MADAM's cost:
 * (1) one call reads the model's memory answer and all results together (the first partial
 *     verdict, after one round trip on a one-slot model); at the same time, queued behind it,
 * (2) one keyword answer per source (under κ-RRSS: the most reliable sites until κ answer, plus
 *     one cited site for each answer of the first reading that κ did not reach), filtered by
 *     f_align and voted with domain reliability;
 * (3) when the sources disagree and the first reading agrees with the trust-weighted vote (its
 *     answers are answers sources give, the vote's winner among them), it settles the conflict:
 *     no aggregator, no debate; otherwise the aggregator reads the agents and, while it leaves the
 *     vote's winner out, one representative per answer debates (MADAM rounds);
 * (4) the BRIDGE strategy. A partial verdict follows every stage; when the budget runs out the
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
  // The first reading and one aggregator stay affordable whatever the number of sources.
  const maxAgents = Math.max(0, ledger.callsLeft - 2);
  const capAgents = input.capAgents ?? ledger.model.local;

  const quick = settleQuick(
    ledger.stage('fast-answer', async () => {
      const rated = usable.map((source, index) => ({
        number: index + 1,
        domain: source.domain,
        title: source.title,
        text: source.snippet,
        reliability: run.reliability(source),
      }));
      const prompt = quickAnswerPrompt(ledger.model, input.question, rated);
      const text = (await ledger.generate('fast-answer', prompt.request, { priority: FAST, stream: true })).text;
      return prompt.parse(text);
    }),
  ).then((outcome) => {
    if (outcome) publish(quickVerdict(run, outcome), 1);
    return outcome;
  });
  // The external side does not wait for the first reading; it needs it only to settle a conflict.
  const external = ledger.stage('source-answers', () =>
    askSources(ledger, input.question, usable, run.reliability, {
      stage: 'source-answers',
      filter: true,
      explain: false,
      maxAgents,
      ...(capAgents ? { kappa: params.kappa } : {}),
    }),
  );
  const [first, asked] = await Promise.all([quick, external]);
  // Under κ an answer of the first reading may rest on sources κ did not reach: ask one of them.
  const sourceAnswers = first && capAgents ? await checkUnasked(run, first, asked) : asked;
  const keywordAnswers = new Map(sourceAnswers.map((answer) => [answer.source.id, answer.answer]));
  const idk = sourceAnswers.filter((answer) => isIdk(answer.answer));
  const vote = voteOn(sourceAnswers);
  const settled = first ? settledByFirstReading(vote, first) : null;
  let decision = settled ?? voteDecision(vote);
  let voters = sourceAnswers;
  if (vote.clusters.length >= 2 && settled === null) {
    publish(finishDraft(run, vote, decision, keywordAnswers, 'Sources disagree; debating.'), 2);
    try {
      const outcome = await representativeDebate(run, vote, sourceAnswers, (agents, aggregate, round) =>
        publish(
          finishDraft(run, voteOn([...agents, ...idk]), aggregate, keywordAnswers, `Debate round ${round}.`, true),
          2 + round,
        ),
      );
      decision = outcome.aggregate;
      voters = [...outcome.agents, ...idk];
    } catch (error) {
      if (!isBudget(error) && !(error instanceof FactCheckError && error.code === 'malformed-output')) throw error;
    }
  }
  const finalVote = voteOn(voters);
  const memory = first?.memory ?? UNKNOWN_MEMORY;

  // (4) the strategy, with up to `reflections` re-asks of the model in the uncertain band. A
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

const clusterOf = (vote: VoteResult, answer: string) =>
  vote.clusters.find((cluster) => cluster.members.some((member) => answersEquivalent(member, answer)));

/**
 * The first reading settles a disagreement when it agrees with the trust-weighted vote: every answer
 * it accepts is one the sources give one by one, the vote's winner is among them, and no answer it
 * left out has more weight in the vote than one it kept. It has then told ambiguity from
 * misinformation over all results, with the sites' reliability in view; an aggregator would repeat it.
 */
function settledByFirstReading(vote: VoteResult, first: QuickAnswer): AggregatedAnswer | null {
  if (vote.winner === null || first.answers.length === 0) return null;
  const kept = first.answers.map((entry) => clusterOf(vote, entry.answer));
  if (kept.some((cluster) => cluster === undefined) || !kept.includes(vote.winner)) return null;
  const keptClusters = vote.clusters.filter((cluster) => kept.includes(cluster));
  const lightestKept = Math.min(...keptClusters.map((cluster) => cluster.weight));
  if (vote.clusters.some((cluster) => !kept.includes(cluster) && cluster.weight > lightestKept)) return null;
  const answers = keptClusters.map((cluster) => cluster.answer);
  return {
    answers,
    rejected: [],
    explanation: first.explanation || `The results support ${answers.map((answer) => `"${answer}"`).join(' and ')}.`,
  };
}

/**
 * MADAM's aggregator over every agent that answered (with its site's reliability); when it leaves the
 * vote's winner out, debate rounds among one representative per answer (its most reliable site)
 * instead of every agent, each followed by the aggregator, until no representative moves.
 */
async function representativeDebate(
  run: MethodRun,
  vote: VoteResult,
  sourceAnswers: SourceAnswer[],
  onRound: (agents: SourceAnswer[], aggregate: AggregatedAnswer, round: number) => void,
): Promise<{ agents: SourceAnswer[]; aggregate: AggregatedAnswer }> {
  const { input, ledger } = run;
  const options = { maxRounds: input.params.rounds, filter: true, showReliability: true };
  let agents = sourceAnswers.filter((answer) => !isIdk(answer.answer));
  let aggregate = await ledger.stage('debate', () =>
    readableOr(aggregateRound(ledger, input.question, agents, options), () => voteDecision(vote)),
  );
  onRound(agents, aggregate, 1);
  for (let round = 2; round <= options.maxRounds; round++) {
    const current = voteOn(agents);
    const winner = current.winner;
    if (winner === null || aggregate.answers.some((answer) => clusterOf(current, answer) === winner)) break;
    const representatives = current.clusters.flatMap((cluster) => {
      const members = agents.filter((agent) => cluster.sourceIds.includes(agent.source.id));
      const best = members.sort((a, b) => b.reliability - a.reliability || a.source.rank - b.source.rank)[0];
      return best ? [best] : [];
    });
    if (!ledger.canAfford(representatives.length + 1)) break;
    const last = aggregate;
    const revised = await ledger.stage(
      'debate',
      () =>
        Promise.all(
          representatives.map((agent) => reviseAnswer(ledger, input.question, agent, representatives, last, options)),
        ),
      `round ${round} of ${options.maxRounds}`,
    );
    const byId = new Map(revised.map((agent) => [agent.source.id, agent]));
    agents = agents.map((agent) => byId.get(agent.source.id) ?? agent);
    aggregate = await readableOr(aggregateRound(ledger, input.question, agents, options), () => last);
    onRound(agents, aggregate, round);
    const moved = revised.some((agent, index) => !answersEquivalent(agent.raw, representatives[index]?.raw ?? IDK));
    if (!moved) break;
  }
  return { agents, aggregate };
}

/**
 * κ-RRSS asks the most reliable sites first and stops at κ relevant answers, so an answer the first
 * reading found may rest only on sites it never asked. Such an answer is checked with the most
 * reliable site the reading cites for it (one keyword answer each), so that the vote can confirm or
 * contradict it instead of the answer being dropped for want of asking.
 */
async function checkUnasked(run: MethodRun, first: QuickAnswer, asked: SourceAnswer[]): Promise<SourceAnswer[]> {
  const { input, ledger, usable } = run;
  const vote = voteOn(asked);
  const askedIds = new Set(asked.map((answer) => answer.source.id));
  const toAsk = new Map<string, (typeof usable)[number]>();
  for (const entry of first.answers) {
    if (clusterOf(vote, entry.answer)) continue;
    const cited = entry.sources
      .flatMap((number) => (usable[number - 1] ? [usable[number - 1]] : []))
      .filter((source): source is (typeof usable)[number] => source !== undefined && !askedIds.has(source.id))
      .sort((a, b) => run.reliability(b) - run.reliability(a) || a.rank - b.rank);
    const best = cited[0];
    if (best) toAsk.set(best.id, best);
  }
  // One aggregator call stays affordable after these.
  if (toAsk.size === 0 || !ledger.canAfford(toAsk.size + 1)) return asked;
  try {
    const more = await ledger.stage('source-answers', () =>
      askSources(ledger, input.question, [...toAsk.values()], run.reliability, {
        stage: 'source-answers',
        filter: true,
        explain: false,
      }),
    );
    return [...asked, ...more].sort((a, b) => a.source.rank - b.source.rank);
  } catch (error) {
    // A check that cannot be read leaves the answers κ gathered as they were.
    if (error instanceof FactCheckError && error.code === 'malformed-output') return asked;
    throw error;
  }
}

/** The first reading is a bonus: if its output is unreadable the run goes on without it. */
async function settleQuick(quick: Promise<QuickAnswer>): Promise<QuickAnswer | null> {
  try {
    return await quick;
  } catch (error) {
    if (error instanceof FactCheckError && error.code === 'malformed-output') return null;
    throw error;
  }
}

/** The first partial verdict: what the model read in all results at once. */
function quickVerdict(run: MethodRun, quick: QuickAnswer): Verdict {
  const supporting = new Set(quick.answers.flatMap((entry) => entry.sources)).size;
  const claims: ClaimDraft[] = quick.answers.map((entry) => ({
    answer: entry.answer,
    summary: `Stated by ${entry.sources.length} of ${run.usable.length} results.`,
    sourceIds: sourceIdsOf(entry.sources, run.usable),
    fromMemory: false,
    confidence: supporting ? entry.sources.length / supporting : 0.3,
    status: 'accepted',
  }));
  const memory = isIdk(quick.memory.answer) ? '' : ` From memory: "${quick.memory.answer}".`;
  return run.finish({
    method: 'auto',
    strategy: 'external',
    explanation: `First reading of the results, checking each source.${memory} ${quick.explanation}`.trim(),
    confidence: claims.length ? Math.max(...claims.map((claim) => claim.confidence)) : 0,
    claims,
  });
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
