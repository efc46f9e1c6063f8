import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination, hostIs } from '../url';

const SELECTORS = {
  results: {
    within: ['#main', 'main'],
    container: 'article[data-test-id="organic-result"]',
    link: 'a[data-test-id="result-link"]',
    title: '[data-test-id="result-title"]',
    snippet: '[data-test-id="result-description"]',
    skip: '[data-test-id="ad-result"]',
  },
  queryBox: 'input[name="q"]',
  regions: ['[data-test-id="mainline"]', 'main'],
} as const;

const destination = directDestination;

export const ecosia = defineEngine({
  engine: 'ecosia',
  label: 'Ecosia',
  matchPatterns: ['https://www.ecosia.org/search*'],
  matches: (url) => hostIs(url.hostname, 'ecosia.org') && url.pathname === '/search',
  regions: SELECTORS.regions,
  isOwnLink: (url) => hostIs(url.hostname, 'ecosia.org'),
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
});
