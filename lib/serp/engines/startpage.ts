import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination, hostIs } from '../url';

const SELECTORS = {
  results: {
    // Container classes beyond "result" are hashed (css-o7i03b): not relied on.
    within: ['#main', '.w-gl'],
    container: 'div.result',
    link: 'a.result-title[href], a.result-link[href]',
    title: 'h2, .wgl-title',
    snippet: 'p.description',
  },
  queryBox: 'input#q, input[name="query"], input[name="q"]',
  regions: ['#main', '.w-gl', 'main'],
} as const;

const destination = directDestination;

export const startpage = defineEngine({
  engine: 'startpage',
  label: 'Startpage',
  matchPatterns: ['https://www.startpage.com/*search*', 'https://startpage.com/*search*'],
  matches: (url) => hostIs(url.hostname, 'startpage.com') && /\/(sp|do|rvd)\/search|^\/search/.test(url.pathname),
  regions: SELECTORS.regions,
  isOwnLink: (url) => hostIs(url.hostname, 'startpage.com'),
  destination,
  query: (doc, url) => queryOf(doc, url, ['query', 'q'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
});
