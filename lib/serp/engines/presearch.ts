import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readLinkedResults } from '../results';
import { directDestination, hostIs } from '../url';

/** From public parsers' code (Alpine.js templates, x-html bindings); no saved Presearch page was available. */
const SELECTORS = {
  results: {
    link: 'a.text-results-link',
    card: 'div.relative',
    title: '[x-html*="result.title"]',
    snippet: '[x-html*="result.description"]',
    skip: '[x-data*="ads"], .sponsored',
  },
  queryBox: 'input[name="q"]',
  regions: ['[x-data*="searchResults"]', 'main'],
} as const;

const destination = directDestination;

export const presearch = defineEngine({
  engine: 'presearch',
  label: 'Presearch',
  matchPatterns: ['https://presearch.com/search*'],
  matches: (url) => url.hostname === 'presearch.com' && url.pathname === '/search',
  regions: SELECTORS.regions,
  isOwnLink: (url) => hostIs(url.hostname, 'presearch.com') || hostIs(url.hostname, 'presearch.io'),
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  results: (doc, url) => readLinkedResults(doc, url, SELECTORS.results, destination),
});
