import { memoryArea } from '../lib/storage/area';
import { trustStore } from '../lib/trust/store';
import { verdictOfAnswers as verdictOf } from '../tests/unit/helpers/verdicts';

/**
 * The trust store's hot path: importing a 1.8 MB trust file whose questions each hold 100 distinct
 * answers (the import that took 15 s), then the trust update every check makes afterwards, and the
 * same update over a realistic store (500 checks of 10 sites). Median of 9 updates.
 * Run: npx tsx scripts/bench-trust-store.ts
 */
const at = '2026-01-01T00:00:00.000Z';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function updates(store: ReturnType<typeof trustStore>, label: string) {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    await store.recordVerdict(
      verdictOf(`${label} follow-up question ${i}`, { 's1.example': `${1900 + i}`, 's2.example': `${1900 + i}` }),
      `${label}-after-${i}`,
    );
    times.push(performance.now() - start);
  }
  return median(times);
}

async function main() {
  const questions = Array.from({ length: 500 }, (_, q) => ({
    id: `q${q}`,
    at,
    responses: Object.fromEntries(Array.from({ length: 100 }, (_, s) => [`s${s}.example`, `answer word ${q} ${s}`])),
    reviews: [],
  }));
  const file = JSON.stringify({
    format: 'search-fact-check/trust',
    version: 1,
    exportedAt: at,
    questions,
    overrides: {},
  });
  const hostile = trustStore(memoryArea());
  let start = performance.now();
  await hostile.importJson(file);
  console.log(
    `import of ${(file.length / 1e6).toFixed(2)} MB (500 questions × 100 distinct answers): ${(performance.now() - start).toFixed(0)} ms`,
  );
  console.log(`trust update after it (median of 9): ${(await updates(hostile, 'hostile')).toFixed(1)} ms`);

  const realistic = trustStore(memoryArea());
  start = performance.now();
  for (let q = 0; q < 500; q++) {
    const answers = Object.fromEntries(
      Array.from({ length: 10 }, (_, s) => [`site${(q * 7 + s) % 300}.example`, s < 7 ? `${1800 + q}` : `${2000 + s}`]),
    );
    await realistic.recordVerdict(verdictOf(`realistic question ${q}`, answers), `r${q}`);
  }
  console.log(`500 checks of 10 sites recorded one by one: ${(performance.now() - start).toFixed(0)} ms in all`);
  console.log(
    `trust update with 500 stored checks (median of 9): ${(await updates(realistic, 'realistic')).toFixed(1)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
