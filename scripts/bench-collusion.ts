import { memoryArea } from '../lib/storage/area';
import { priorLowerBound, priorOf } from '../lib/trust/prior';
import type { SeenOn } from '../lib/trust/state';
import { trustStore } from '../lib/trust/store';
import { verdictOfAnswers as verdictOf } from '../tests/unit/helpers/verdicts';

/**
 * Collusion: three brand-new domains agree with each other against one rated site, page after page.
 * First ten honest checks (the rated site agrees with two other sites), then 40 attack pages, each a
 * different question. Prints the sites' trust after 0, 10, 20 and 40 attack pages, for attack pages
 * on a search instance the person added ('custom': the colluders were never seen on a real engine)
 * and on a built-in engine ('engine'), each without and with ten pages beforehand on which only the
 * colluders answer, agreeing (they build trust among themselves first).
 * Run: npx tsx scripts/bench-collusion.ts
 */

const TARGET = 'wikipedia.org';
const HONEST = ['britannica.com', 'nih.gov'];
const COLLUDERS = ['facts-now.example', 'true-answers.example', 'real-news-daily.example'];
const ATTACK_PAGES = 40;
const REPORT_AT = new Set([0, 10, 20, 40]);

async function scenario(seenOn: SeenOn, bootstrap: boolean) {
  console.log(`\nattack pages seen on: ${seenOn}; colluders bootstrap first: ${bootstrap ? 'yes (10 pages)' : 'no'}`);
  const store = trustStore(memoryArea());
  for (let page = 0; page < 10; page++) {
    const truth = `${1900 + page}`;
    const answers = Object.fromEntries([TARGET, ...HONEST].map((domain) => [domain, truth]));
    await store.recordVerdict(verdictOf(`When did honest event ${page} happen?`, answers), `honest-${page}`);
  }
  if (bootstrap) {
    for (let page = 0; page < 10; page++) {
      const answers = Object.fromEntries(COLLUDERS.map((domain) => [domain, `${1700 + page}`]));
      await store.recordVerdict(verdictOf(`When did obscure event ${page} happen?`, answers), `own-${page}`, seenOn);
    }
  }
  const report = async (pages: number) => {
    const lookup = await store.lookup();
    const cell = (domain: string) => lookup(domain).reliability.toFixed(3);
    console.log(
      [String(pages).padStart(5), cell(TARGET).padStart(13), ...COLLUDERS.map((d) => cell(d).padStart(23))].join(' '),
    );
  };
  console.log(['pages', TARGET.padStart(13), ...COLLUDERS.map((d) => d.padStart(23))].join(' '));
  await report(0);
  for (let page = 1; page <= ATTACK_PAGES; page++) {
    const answers: Record<string, string> = { [TARGET]: `${1800 + page}` };
    for (const colluder of COLLUDERS) answers[colluder] = `${2100 + page}`;
    await store.recordVerdict(verdictOf(`When did contested event ${page} happen?`, answers), `attack-${page}`, seenOn);
    if (REPORT_AT.has(page)) await report(page);
  }
}

async function main() {
  const prior = priorOf(TARGET);
  console.log(
    `${TARGET}: published rating ${prior.rating}, prior's 95 % lower bound ${priorLowerBound(prior).toFixed(3)}; neutral 0.5`,
  );
  for (const seenOn of ['custom', 'engine'] as const) {
    for (const bootstrap of [false, true]) await scenario(seenOn, bootstrap);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
