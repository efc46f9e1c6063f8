import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readLinkedResults } from '../results';
import { directDestination, hostIs } from '../url';

/** From public parsers' code (2022–2025 markup); no saved Naver page was available. */
const SELECTORS = {
  results: {
    within: ['#main_pack'],
    link: 'a.link_tit, a.total_tit, a.title_link',
    card: 'li.bx, .total_wrap, .total_area, .view_wrap',
    snippet: ['.total_dsc, .dsc_txt', '.api_txt_lines.dsc_txt, .dsc_link'],
    // Power-link ads.
    skip: '.sp_power, #power_link_body, .ad_section, .link_ad',
  },
  queryBox: 'input#nx_query, input[name="query"]',
  regions: ['#main_pack', '#content'],
} as const;

const isNaver = (host: string) => hostIs(host, 'search.naver.com');
const destination = directDestination;

export const naver = defineEngine({
  engine: 'naver',
  label: 'Naver',
  matchPatterns: ['https://search.naver.com/search.naver*'],
  matches: (url) => url.hostname === 'search.naver.com' && url.pathname === '/search.naver',
  regions: SELECTORS.regions,
  isOwnLink: (url) => isNaver(url.hostname),
  destination,
  query: (doc, url) => queryOf(doc, url, ['query'], SELECTORS.queryBox),
  results: (doc, url) => readLinkedResults(doc, url, SELECTORS.results, destination),
});
