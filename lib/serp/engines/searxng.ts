import { readAnswer } from '../answer';
import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { directDestination } from '../url';

/** From SearXNG's "simple" theme templates (searx/templates/simple); no saved instance page was available. */
const SELECTORS = {
  results: {
    within: ['#urls'],
    container: 'article.result',
    link: 'h3 > a[href], a.url_wrapper, a.url_header',
    title: 'h3',
    snippet: 'p.content',
  },
  queryBox: 'input#q, input[name="q"]',
  /** Any instance, any host: recognised by the theme's structure, not by its address. */
  signature: 'meta[name="generator"][content^="searxng" i], #urls article.result, form#search #q',
  answer: { block: '#answers .answer', text: ['span', 'p'] },
  infobox: { block: 'aside.infobox', text: ['p', 'div'] },
  regions: ['#urls', '#main_results', 'main'],
} as const;

const destination = directDestination;

export const searxng = defineEngine({
  engine: 'searxng',
  label: 'SearXNG',
  // Instances live on their owners' hosts: the person adds theirs in the options (Settings.customEngines).
  matchPatterns: [],
  // Instances usually search by POST, so the address may carry no query.
  matches: (url) => /\/search\/?$/.test(url.pathname),
  regions: SELECTORS.regions,
  isOwnLink: (url, page) => url.hostname === page.hostname,
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  recognizes: (doc) => doc.querySelector(SELECTORS.signature) !== null,
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
  answerBox: (doc, url) =>
    readAnswer(
      doc,
      url,
      [
        { kind: 'instant-answer', ...SELECTORS.answer },
        { kind: 'knowledge-panel', ...SELECTORS.infobox },
      ],
      destination,
      () => false,
    ),
});
