import type { RawResult } from '../adapter';
import { readAnswer } from '../answer';
import { all, queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { textOf } from '../text';
import { absoluteUrl, hostIs, urlParam } from '../url';

const SELECTORS = {
  /** duckduckgo.com since 2023 (React): from public parsers' code, no saved page to test against. */
  react: {
    container: 'article[data-testid="result"]',
    link: 'a[data-testid="result-title-a"]',
    title: 'a[data-testid="result-title-a"]',
    snippet: '[data-result="snippet"]',
    skip: '[data-testid="ad"]',
  },
  /** html.duckduckgo.com, and duckduckgo.com before 2023. */
  classic: {
    within: ['#links'],
    container: 'div.result',
    link: 'a.result__a',
    snippet: '.result__snippet',
    skip: '.result--ad, .result--more, .result--sep',
  },
  /** lite.duckduckgo.com: a table, the snippet in the row after the title's row. */
  liteLink: 'a.result-link',
  liteSnippet: 'td.result-snippet',
  queryBox: 'input[name="q"]',
  instantAnswer: {
    block: '.zci-wrapper, #zero_click_wrapper, [data-react-module-id="about"]',
    text: ['#zero_click_abstract', '.zci__result', '.module__text', '[data-testid="about-text"]'],
  },
  challenge: '#challenge-form, .anomaly-modal__modal',
  regions: ['[data-testid="mainline"]', '.react-results--main', '#links', '.serp__results'],
} as const;

const isDuckDuckGo = (host: string) => hostIs(host, 'duckduckgo.com');

/** Results link through /l/?uddg=<target>; /y.js is an ad click. */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url) return null;
  if (isDuckDuckGo(url.hostname) && url.pathname === '/l/') return urlParam(url, 'uddg');
  if (isDuckDuckGo(url.hostname) && url.pathname === '/y.js') return null;
  return url.href;
}

function liteResults(doc: Document, base: URL): RawResult[] {
  const results: RawResult[] = [];
  for (const link of all(doc, SELECTORS.liteLink)) {
    const url = destination(link.getAttribute('href'), base);
    const title = textOf(link);
    const row = link.closest('tr');
    if (!url || !title || !row) continue;
    const snippet = textOf(row.nextElementSibling?.querySelector(SELECTORS.liteSnippet));
    results.push({ title, url, snippet, element: row });
  }
  return results;
}

function results(doc: Document, base: URL): RawResult[] {
  const react = readResults(doc, base, SELECTORS.react, destination);
  if (react.length > 0) return react;
  const classic = readResults(doc, base, SELECTORS.classic, destination);
  return classic.length > 0 ? classic : liteResults(doc, base);
}

export const duckduckgo = defineEngine({
  engine: 'duckduckgo',
  label: 'DuckDuckGo',
  matchPatterns: [
    // The JS results page is the home page with ?q=; match patterns cannot require a query.
    'https://duckduckgo.com/*',
    'https://html.duckduckgo.com/html*',
    'https://lite.duckduckgo.com/lite*',
  ],
  matches: (url) =>
    (url.hostname === 'duckduckgo.com' && url.pathname === '/' && url.searchParams.has('q')) ||
    (url.hostname === 'html.duckduckgo.com' && url.pathname.startsWith('/html')) ||
    (url.hostname === 'lite.duckduckgo.com' && url.pathname.startsWith('/lite')),
  regions: SELECTORS.regions,
  isOwnLink: (url) => isDuckDuckGo(url.hostname),
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  results,
  answerBox: (doc, url) =>
    readAnswer(doc, url, [{ kind: 'instant-answer', ...SELECTORS.instantAnswer }], destination, (link) =>
      isDuckDuckGo(link.hostname),
    ),
  blocked: (doc) =>
    doc.querySelector(SELECTORS.challenge)
      ? 'DuckDuckGo is asking to confirm you are not a bot instead of showing results. Answer it in the tab, then check again.'
      : null,
});
