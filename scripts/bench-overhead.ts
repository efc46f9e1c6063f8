import { MethodParamsSchema } from '../lib/core/settings';
import type { Method } from '../lib/core/verdict';
import { runCheck } from '../lib/pipeline/run-check';
import { type Rules, scriptedModel } from '../tests/unit/helpers/scripted-model';
import { checkInput, readerRules, source } from '../tests/unit/pipeline/builders';

/**
 * Orchestration overhead: every model call answers after a fixed delay D, so a run can take no
 * less than D × (calls on its critical path). The table shows the wall time against that bound,
 * and how many calls were in flight at once (the agents of a round overlap).
 */

const DELAY_MS = Number(process.env.DELAY_MS ?? 100);

interface Case {
  name: string;
  method: Method;
  rules: Rules;
  sources: () => ReturnType<typeof source>[];
  params?: Record<string, number>;
  /** Calls one after another on the critical path (parallel calls of a round count once). */
  criticalPath: number;
  /** Model slots (default 16); with 1, as on a local model, every call is on the critical path. */
  slots?: number;
}

const agreeing = () => [
  source('a.org', 'Paris is the capital of France.'),
  source('b.org', 'The capital is Paris.'),
  source('c.org', 'Paris, capital city.'),
  source('d.org', 'Visit Paris.'),
  source('e.org', 'Paris has 2 million people.'),
  source('f.org', 'France: Paris.'),
];
const conflicting = () => [
  source('a.org', 'Born 1963.'),
  source('b.org', 'Jordan, born 1963.'),
  source('c.org', 'In 1963 he was born.'),
  source('d.org', 'Born 1963 in Brooklyn.'),
  source('e.org', 'He was born in 1998.'),
  source('f.org', 'Unrelated text.'),
];
const paris = readerRules({ memory: { answer: 'Paris', confidence: 0.9 }, candidates: ['Paris'] });
const jordan = readerRules({ memory: { answer: '1963', confidence: 0.9 }, candidates: ['1963', '1998'] });

const CASES: Case[] = [
  { name: 'norag', method: 'norag', rules: paris, sources: agreeing, criticalPath: 1 },
  { name: 'concat', method: 'concat', rules: paris, sources: agreeing, criticalPath: 1 },
  { name: 'astute t=1', method: 'astute', rules: paris, sources: agreeing, criticalPath: 2 },
  { name: 'astute t=3', method: 'astute', rules: paris, sources: agreeing, params: { iterations: 3 }, criticalPath: 4 },
  // round 1 (6 agents ∥) → aggregator → round 2 (6 ∥) → aggregator, then early stop
  { name: 'madam T=3, converges', method: 'madam', rules: paris, sources: agreeing, criticalPath: 4 },
  // the first reading ∥ the keyword answers (1 round): max(1, 1)
  { name: 'auto, sources agree', method: 'auto', rules: paris, sources: agreeing, criticalPath: 1 },
  // the first reading agrees with the trust-weighted vote, so it settles the conflict: max(1, 1)
  { name: 'auto, conflict settled', method: 'auto', rules: jordan, sources: conflicting, criticalPath: 1 },
  // one slot (a local model): the calls queue back to back (1 + 6 keyword answers), no idle gap
  { name: 'auto, conflict, 1 slot', method: 'auto', rules: jordan, sources: conflicting, criticalPath: 7, slots: 1 },
];

async function measure(entry: Case, maxConcurrency: number) {
  const model = scriptedModel({ rules: entry.rules, delayMs: DELAY_MS, maxConcurrency });
  const input = checkInput(model, entry.sources(), {
    method: entry.method,
    params: MethodParamsSchema.parse(entry.params ?? {}),
  });
  const started = performance.now();
  const verdict = await runCheck(input);
  const wall = performance.now() - started;
  const bound = entry.criticalPath * DELAY_MS;
  return { calls: model.count(), wall, bound, overhead: wall / bound - 1, peak: model.peakInFlight, verdict };
}

async function main() {
  console.log(
    `Orchestration overhead, every call answers after D = ${DELAY_MS} ms (median of 5 runs), 16 model slots unless noted`,
  );
  console.log(`${'case'.padEnd(26)} calls  critical path   bound    wall  overhead  peak in flight`);
  let worst = 0;
  for (const entry of CASES) {
    await measure(entry, entry.slots ?? 16); // warm-up
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await measure(entry, entry.slots ?? 16));
    runs.sort((a, b) => a.wall - b.wall);
    const median = runs[2] ?? runs[0];
    if (!median) continue;
    worst = Math.max(worst, median.overhead);
    console.log(
      `${entry.name.padEnd(26)} ${String(median.calls).padStart(5)}  ${String(entry.criticalPath).padStart(13)}  ${median.bound.toFixed(0).padStart(6)}  ${median.wall.toFixed(0).padStart(6)}  ${`${(median.overhead * 100).toFixed(1)}%`.padStart(8)}  ${String(median.peak).padStart(14)}`,
    );
  }
  console.log(`worst overhead: ${(worst * 100).toFixed(1)}% (target < 5%)`);
  if (worst >= 0.05) process.exitCode = 1;
}

await main();
