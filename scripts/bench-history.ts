import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { HistoryDb, MAX_CHECKS, saveCheck } from '../lib/history/db';
import { toCheckRecord } from '../lib/history/entry';
import { loadVerdict, sourcesFor } from '../tests/unit/helpers/verdicts';

/**
 * What saving one check costs when the history is full: MAX_CHECKS − 1 checks of about 14 KB each
 * (long snippets), then SAVES more saved one by one, each paying the count cap and the size budget.
 * Dexie on fake-indexeddb (Node): absolute times differ from a browser's IndexedDB, the ratio
 * between versions of the code is what it shows. Run: npm run bench:history
 */
const SAVES = 9;

async function main() {
  const verdict = loadVerdict('answered');
  const capture = (minute: number) => ({
    engine: 'google',
    query: verdict.question,
    url: 'https://www.google.com/search?q=x',
    capturedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    results: sourcesFor(verdict).map((source) => ({ ...source, snippet: 'x'.repeat(3_000) })),
    extraction: 'selectors' as const,
  });
  const db = new HistoryDb('bench-history', { indexedDB: new IDBFactory(), IDBKeyRange });
  const seed = toCheckRecord('seed', capture(0), verdict);
  await db.checks.bulkPut(
    Array.from({ length: MAX_CHECKS - 1 }, (_, i) => ({ ...seed, id: `old${i}`, capturedAt: capture(i).capturedAt })),
  );
  const times: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const start = performance.now();
    await saveCheck(db, `new${i}`, capture(MAX_CHECKS + i), verdict);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${MAX_CHECKS} checks of ${seed.size} characters: a save takes ${median.toFixed(1)} ms (median of ${SAVES})`,
  );
  db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
