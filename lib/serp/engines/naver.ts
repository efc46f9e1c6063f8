import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readLinkedResults } from '../results';
import { directDestination, hostIs } from '../url';

/**
 * Naver's organic results are its web documents (웹문서): div.webdoc until about 2016, section.sp_ntotal
 * since. The blog and café (VIEW), news, knowledge-iN, music, video and shopping boxes around them are
 * Naver's own verticals. 2022–2025 classes from public parsers' code.
 */
const SELECTORS = {
  results: {
    within: ['div.webdoc', 'section.sp_ntotal', '#main_pack'],
    link: 'a.link_tit, a.total_tit, a.title_link, a.sh_web_title',
    card: 'li.bx, .total_wrap, .total_area, .view_wrap, li.sh_web_top',
    snippet: ['.total_dsc, .dsc_txt', '.api_txt_lines.dsc_txt, .dsc_link', 'dd.sh_web_passage'],
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
