import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { absoluteUrl, hostIs } from '../url';

const SELECTORS = {
  results: {
    // 2019 markup (organic__*) and the ya.ru markup since 2023 (Organic*, from public parsers' code).
    within: ['#search-result', '.content__left'],
    container: 'li.serp-item',
    link: 'a.organic__url, a.OrganicTitle-Link, .organic__title-wrapper a[href], h2 a[href]',
    // The heading also holds a hidden rank number: take the title's own span first.
    title: ['.organic__url-text, .OrganicTitleContentSpan, .OrganicTitle-LinkText', 'h2'],
    snippet: ['.organic__content-wrapper .text-container, .OrganicTextContentSpan', '.organic__text, .TextContainer'],
    skip: '[data-fast-name="direct"], [data-fast-wzrd="advanced_direct"]',
  },
  queryBox: 'input[name="text"]',
  regions: ['#search-result', '.content__left', '.main__content'],
} as const;

const YANDEX_DOMAINS = ['yandex.ru', 'yandex.com', 'yandex.com.tr', 'yandex.by', 'yandex.kz', 'yandex.uz', 'ya.ru'];
const isYandex = (host: string) => YANDEX_DOMAINS.some((domain) => hostIs(host, domain));

/** Ads go through yabs.yandex.*; some results through /clck/jsredir?...&url=<target>. */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url || url.hostname.startsWith('yabs.')) return null;
  if (isYandex(url.hostname) && url.pathname.startsWith('/clck/'))
    return absoluteUrl(url.searchParams.get('url'), base)?.href ?? null;
  return url.href;
}

export const yandex = defineEngine({
  engine: 'yandex',
  label: 'Yandex',
  matchPatterns: YANDEX_DOMAINS.map((domain) => `https://*.${domain}/search*`),
  matches: (url) => isYandex(url.hostname) && /^\/search\/?$/.test(url.pathname),
  regions: SELECTORS.regions,
  isOwnLink: (url) => isYandex(url.hostname),
  destination,
  query: (doc, url) => queryOf(doc, url, ['text'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
});
