import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination, hostIs } from '../url';

const SELECTORS = {
  results: {
    within: ['#main', 'main'],
    // Ecosia labels its own web results "organic-result" (data-test-id since 2023, data-track-id before);
    // ads, Bing's product ads and the news, video and image strips carry other labels. Before 2021 every
    // card was a div.js-result, ads included (those link to Bing's ad clicks, which readResults drops).
    container: '[data-test-id="organic-result"], [data-track-id="organic-result"], div.result.js-result',
    link: ['a[data-test-id="result-link"]', 'a[data-test-id="result-title-link"]', 'a.result-title', 'h2 a[href]'],
    title: ['[data-test-id="result-title"]', 'h2'],
    snippet: ['[data-test-id="result-description"]', '.result-snippet', '.result__description'],
    skip: '[data-test-id="ad-result"], .ad-result',
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
