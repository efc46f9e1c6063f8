import { describe, expect, it } from 'vitest';
import { formatTable, isRecentGoogle, loadCorpus, PAGE_THRESHOLD, type PageScore, scorePage } from './conformance';

/**
 * Every page of the conformance corpus (183 real saved pages, truth from other projects' approved parsers)
 * through the real adapters; `npm run bench:conformance` prints the same table with each failing page.
 */
describe('conformance corpus', () => {
  const scores = loadCorpus().map((entry) => scorePage(entry));
  const names = (list: readonly PageScore[]) => list.map((score) => `${score.entry.page}: ${score.problems[0]}`);

  it('prints the per-engine table', () => {
    console.log(`\n${formatTable(scores)}\n`);
    expect(scores.length).toBeGreaterThan(0);
  });

  it(`reads at least ${PAGE_THRESHOLD * 100} % of the pages with results fully correctly`, () => {
    const withResults = scores.filter((score) => score.entry.expect === 'results');
    const failing = withResults.filter((score) => !score.correct);
    const share = (withResults.length - failing.length) / withResults.length;
    expect(share, names(failing).join('\n')).toBeGreaterThanOrEqual(PAGE_THRESHOLD);
  });

  it('reads every Google page from 2023 on fully correctly', () => {
    const recent = scores.filter((score) => isRecentGoogle(score.entry));
    expect(recent.length).toBeGreaterThan(0);
    expect(names(recent.filter((score) => !score.correct))).toEqual([]);
  });

  it('refuses every page with no results, with a reason', () => {
    const none = scores.filter((score) => score.entry.expect === 'none');
    expect(none.length).toBeGreaterThan(0);
    expect(names(none.filter((score) => !score.correct))).toEqual([]);
  });
});
