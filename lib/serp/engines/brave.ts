import { readAnswer } from '../answer';
import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination, hostIs } from '../url';

const SELECTORS = {
  results: {
    // 2026 (Svelte, hashed class names avoided) and 2022 markup.
    within: ['#results'],
    container: 'div.snippet[data-type="web"]',
    link: '.result-content > a[href], a.result-header[href], a[href]',
    title: '.search-snippet-title, .snippet-title, .title',
    snippet: '.generic-snippet .content, .snippet-description, .snippet-content',
  },
  queryBox: 'input#searchbox, input[name="q"], textarea[name="q"]',
  // The AI summary; its markup is not in any saved page yet.
  summarizer: {
    block: '#summarizer, [data-type="summarizer"], .chatllm-answer-list',
    text: ['.summary-text', '.summary', '.chatllm-answer-list'],
    sources: '.summary-source a[href], .chatllm-answer-list a[href], a[href]',
  },
  infobox: {
    block: '#infobox, .infobox',
    text: ['.body > .mb-6', '.infobox-description'],
    sources: 'a.infobox-source',
  },
  regions: ['#results', 'main'],
} as const;

const isBrave = (host: string) => hostIs(host, 'brave.com');

const destination = directDestination;
const isOwnLink = (url: URL) => isBrave(url.hostname);

export const brave = defineEngine({
  engine: 'brave',
  label: 'Brave Search',
  matchPatterns: ['https://search.brave.com/search*'],
  matches: (url) => url.hostname === 'search.brave.com' && url.pathname === '/search',
  regions: SELECTORS.regions,
  isOwnLink,
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
  answerBox: (doc, url) =>
    readAnswer(
      doc,
      url,
      [
        { kind: 'summarizer', ...SELECTORS.summarizer },
        { kind: 'knowledge-panel', ...SELECTORS.infobox },
      ],
      destination,
      isOwnLink,
    ),
});
