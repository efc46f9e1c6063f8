/**
 * Reads every page of the conformance corpus (tests/fixtures/serp-corpus) with the real adapters and
 * prints the per-engine table, then every page not read fully correctly with its first problems.
 * Run with `npm run bench:conformance [-- --engine google] [--all-problems] [--fallback]`; --fallback reads
 * every page with the structural fallback alone, as if every engine's markup had drifted.
 */

import { parseArgs } from 'node:util';
import { formatTable, loadCorpus, scorePage } from '../tests/unit/serp/conformance';

const { values } = parseArgs({
  options: {
    engine: { type: 'string' },
    'all-problems': { type: 'boolean', default: false },
    fallback: { type: 'boolean', default: false },
  },
});

const entries = loadCorpus().filter((entry) => !values.engine || entry.engine === values.engine);
const scores = entries.map((entry) => scorePage(entry, { selectors: !values.fallback }));
console.log(formatTable(scores));
const failing = scores.filter((score) => !score.correct);
if (failing.length > 0) console.log(`\nfailing pages (${failing.length}):`);
for (const { entry, problems, read } of failing) {
  console.log(
    `\n${entry.page} (${entry.captured.slice(0, 10)}, ${entry.expect}, read ${read}, truth ${entry.results.length})`,
  );
  for (const problem of values['all-problems'] ? problems : problems.slice(0, 4)) console.log(`  ${problem}`);
  if (!values['all-problems'] && problems.length > 4) console.log(`  … ${problems.length - 4} more`);
}
