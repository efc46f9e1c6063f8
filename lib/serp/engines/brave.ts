import { readAnswer } from '../answer';
import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination, hostIs } from '../url';

/** Brave's own blocks in result dress (FAQ, knowledge panel, discussions): standalone, with an id. */
const FEATURES = '.standalone, [id]';

const SELECTORS = {
  results: {
    // 2026 (Svelte, hashed class names avoided) and 2022 markup.
    within: ['#results'],
    // Web results say data-type="web"; video results (YouTube) are the same full card, display URL
    // included, without a type. Other types (news, FAQ clusters) are not organic, nor are Brave's own
    // blocks or sitelinks (untyped cards with a title and a line of text, no address of their own).
    container: 'div.snippet[data-type="web"], div.snippet:not([data-type])',
    skip: (card: Element) =>
      card.parentElement?.closest('div.snippet') != null ||
      (!card.hasAttribute('data-type') && (card.matches(FEATURES) || !card.querySelector('cite'))),
    link: '.result-content > a[href], a.result-header[href], a[href]',
    title: '.search-snippet-title, .snippet-title, .title',
    // Product cards (2022) hold their text in .product .description.
    snippet: ['.generic-snippet .content, .snippet-description', '.product .description', '.snippet-content'],
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
