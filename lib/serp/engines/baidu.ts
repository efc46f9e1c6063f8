import type { RawResult } from '../adapter';
import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { absoluteUrl, hostIs, webUrl } from '../url';

const SELECTORS = {
  results: {
    within: ['#content_left'],
    container: 'div.c-container, div.result, div.result-op',
    link: 'h3 a[href]',
    title: 'h3',
    snippet: ['.c-abstract', '[class*="content-right_"]', '.c-span-last', '.c-color-text'],
    // Ads (推广) and video carousels, whose links stay on Baidu.
    skip: (card: Element) =>
      card.matches('[data-tuiguang], [cmatchid], .ec_tuiguang_pplink, [tpl*="video"]') ||
      card.parentElement?.closest('div.c-container, div.result, div.result-op') != null,
  },
  queryBox: 'input#kw, input[name="wd"]',
  regions: ['#content_left', '#container'],
} as const;

const isBaidu = (host: string) => hostIs(host, 'baidu.com');

/** Baidu's own links: the /link?url= redirect is kept (its target is opaque), other Baidu pages are not results. */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url) return null;
  if (url.hostname === 'www.baidu.com' && url.pathname !== '/link') return null;
  return url.href;
}

/** The "百度快照" (cached copy) link that ends some snippets. */
const SNAPSHOT_LINK = /\s*-?\s*百度快照$/;

/** Newer pages carry the real target in the card's mu attribute; prefer it to the redirect. */
function withRealTarget(card: Element, result: RawResult): RawResult {
  const target = webUrl(card.getAttribute('mu'));
  const snippet = result.snippet.replace(SNAPSHOT_LINK, '');
  return target && !hostIs(new URL(target).hostname, 'lightapp.baidu.com')
    ? { ...result, url: target, snippet }
    : { ...result, snippet };
}

export const baidu = defineEngine({
  engine: 'baidu',
  label: 'Baidu',
  // Baidu turns its home page into a results page in place (history.pushState), so it runs on all of www.
  matchPatterns: ['https://www.baidu.com/*'],
  matches: (url) => url.hostname === 'www.baidu.com' && url.pathname === '/s',
  regions: SELECTORS.regions,
  isOwnLink: (url) => isBaidu(url.hostname) && url.pathname !== '/link',
  destination,
  query: (doc, url) => queryOf(doc, url, ['wd', 'word'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination, withRealTarget),
});
