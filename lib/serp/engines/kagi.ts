import { readAnswer } from '../answer';
import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination, hostIs } from '../url';

const SELECTORS = {
  results: {
    // Single results and the items of grouped results (.sr-group), in page order.
    within: ['#main'],
    container: '.search-result, .__srgi',
    link: ['a.__sri_title_link', 'a._0_sri_title_link', '.__srgi-title a[href]'],
    snippet: ['.__sri-desc', '._0_DESC'],
    skip: '.sr-group',
  },
  queryBox: 'input[name="q"]',
  // Quick Answer; markup not in the saved page.
  quickAnswer: { block: '.qa-answer, #qa-box, .quick-answer', text: ['.qa-answer-text', '.quick-answer-text', 'p'] },
  regions: ['#main', '.results-box', 'main'],
} as const;

const destination = directDestination;
const isOwnLink = (url: URL) => hostIs(url.hostname, 'kagi.com');

export const kagi = defineEngine({
  engine: 'kagi',
  label: 'Kagi',
  matchPatterns: ['https://kagi.com/search*'],
  matches: (url) => url.hostname === 'kagi.com' && url.pathname === '/search',
  regions: SELECTORS.regions,
  isOwnLink,
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
  answerBox: (doc, url) =>
    readAnswer(doc, url, [{ kind: 'quick-answer', ...SELECTORS.quickAnswer }], destination, isOwnLink),
});
