import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { absoluteUrl, hostIs, webUrl } from '../url';

const SELECTORS = {
  results: {
    // search.yahoo.com (2026), then search.yahoo.co.jp (from public parsers; no saved page).
    within: ['#web', '#contents'],
    // search.yahoo.com since 2014 (div.algo), before (div.res), then search.yahoo.co.jp.
    container: 'div.algo, div.res, .Algo',
    link: 'div.compTitle a[href], a[href]',
    // The link also wraps the favicon and display URL: the title is the h3 alone.
    title: 'h3.title, h3',
    snippet: 'div.compText p, .compText, div.abstr, .sw-Card__summary, .Algo__summary',
    // Ads, and Yahoo's own answers ("Search Shortcut" cards, div.sc).
    skip: '.ad, [data-ad], .searchCenterTopAds div.algo, .searchCenterBottomAds div.algo, .sc',
  },
  queryBox: 'input[name="p"]',
  regions: ['#web', '#contents', '#main'],
} as const;

const isYahooSearch = (host: string) => hostIs(host, 'search.yahoo.com') || hostIs(host, 'search.yahoo.co.jp');

/** Yahoo wraps results as r.search.yahoo.com/...;_ylu=.../RU=<encoded target>/RK=... */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url) return null;
  if (url.hostname === 'r.search.yahoo.com') {
    const wrapped = /\/RU=([^/]+)\//.exec(url.pathname)?.[1];
    if (!wrapped) return null;
    try {
      return webUrl(decodeURIComponent(wrapped));
    } catch {
      return null;
    }
  }
  return url.href;
}

export const yahoo = defineEngine({
  engine: 'yahoo',
  label: 'Yahoo',
  matchPatterns: [
    'https://search.yahoo.com/search*',
    'https://*.search.yahoo.com/search*',
    'https://search.yahoo.co.jp/search*',
  ],
  matches: (url) =>
    (hostIs(url.hostname, 'search.yahoo.com') || url.hostname === 'search.yahoo.co.jp') &&
    url.pathname.startsWith('/search'),
  regions: SELECTORS.regions,
  // Yahoo's search pages are its own links; its other properties (Answers, Finance) can be results.
  isOwnLink: (url) => isYahooSearch(url.hostname),
  destination,
  query: (doc, url) => queryOf(doc, url, ['p', 'q'], SELECTORS.queryBox),
  // Yahoo's vertical searches (video, image and news strips) link to *.search.yahoo.com: never results.
  // Its other properties (Answers, Finance pages) are.
  results: (doc, url) =>
    readResults(doc, url, SELECTORS.results, destination, (_, result) =>
      hostIs(new URL(result.url).hostname, 'search.yahoo.com') ? null : result,
    ),
});
