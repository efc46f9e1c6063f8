import type { AnswerBox } from '../../core/serp-capture';
import type { RawResult } from '../adapter';
import { citedUrls as citedBy } from '../answer';
import { all, queryOf, textAt } from '../dom';
import { defineEngine } from '../engine';
import { readResults, regionOf } from '../results';
import { textOf } from '../text';
import { absoluteUrl, urlParam, withoutTextFragment } from '../url';
import { GOOGLE_DOMAINS } from './google-domains';

/** Sponsored results, above and below the organic ones; Google marks text ads with data-text-ad. */
const ADS = '#tads, #tadsb, #bottomads, [data-text-ad]';

/** Carousels and headed sections: strips of cards (posts, videos, images, jobs) under one heading. */
const STRIPS = 'g-scrolling-carousel, g-section-with-header';
/**
 * Blocks whose links cite answers rather than rank pages: People also ask (each question's answer shows its
 * source as a titled link) and the AI Overview.
 */
const ANSWER_SOURCES = '.related-question-pair, [data-initq], [data-q], #eKIzJc';
/**
 * The featured snippet's own block (block-component, 2021 on): its source is the answer's citation, not a
 * ranked result. Before, the snippet was drawn inside the first result's card (div.g.g-blk), which kept rank 1.
 */
const FEATURED_BLOCK = 'block-component';
const FEATURED_MARK = 'span.hgKElc, a[href*="featured_snippets"]';

function isFeaturedSource(container: Element): boolean {
  const block = container.closest(FEATURED_BLOCK);
  return block !== null && block.querySelector(FEATURED_MARK) !== null;
}

/** A result's title link: a heading in the link (2014 on) or the link in the heading (before). */
const TITLED = 'a[href] h3, h3 a[href]';

const SELECTORS = {
  results: {
    // The centre column, not just #rso: continuous scroll appends later pages below it (#botstuff).
    within: ['#center_col', '#rso'],
    // Web results are div.tF2Cxc (2023–2025). Video results only have their block: div.g before 2025,
    // div.MjjYud since. Blocks that wrap a tF2Cxc or a div.g, or hold no titled link, are not results.
    // The basic (no-script) page has div.ZINbbc cards; before 2014 results were li.g, the link inside the h3.
    container: 'div.tF2Cxc, div.g, li.g, div.MjjYud, div.ZINbbc',
    link: ['div.yuRUbf a[href]', 'a[href]:has(h3)', 'h3 a[href]'],
    skip: (container: Element) =>
      container.closest(ADS) !== null ||
      container.closest(ANSWER_SOURCES) !== null ||
      isFeaturedSource(container) ||
      // A block built around a carousel (a profile's posts, a video or image strip) is not one result.
      container.querySelector(STRIPS) !== null ||
      (!container.matches('div.tF2Cxc') &&
        (container.querySelector('div.tF2Cxc, div.g, li.g') !== null || container.querySelector(TITLED) === null)),
    title: 'h3',
    // By generation: 2023– (web, then video cards), 2020–22 (span.aCOpRe in div.IsZvec), 2019 (span.st in div.s).
    snippet: [
      'div.VwiC3b',
      '[data-sncf="1"]',
      'div.ITZIwc',
      'span.aCOpRe',
      'div.IsZvec',
      'div.s span.st',
      'div.s',
      'div.BNeawe.s3v9rd',
    ],
  },
  queryBox: 'textarea[name="q"], input[name="q"]',
  aiOverview: '#eKIzJc',
  aiOverviewText: 'div[jsname="dvXlsc"], div.LT6XE',
  headings: 'h1',
  featuredSnippet: 'span.hgKElc',
  featuredBlock: 'block-component, div.xpdopen, div.g-blk',
  featuredAbout: 'a[href*="featured_snippets"]',
  featuredSource: 'div.yuRUbf a[href], a[href]:has(h3)',
  definition: '[data-dobid="dfn"]',
  description: '[data-attrid="wa:/description"], div.kno-rdesc > span',
  /** What the panel's entity is ("Song by Pitbull", "1965 ‧ Romance/War"), when it has no description. */
  subtitle: '[data-attrid="subtitle"]',
  regions: ['#rso', '#search', '#center_col'],
  /** Answer blocks sit in the content area (centre and right columns), not in the page chrome. */
  answerRegions: ['#rcnt', '#main'],
} as const;

/** Every answer block's hook in one selector: one pass over the page finds whichever is there. */
const ANSWER_HOOKS = [
  SELECTORS.aiOverview,
  SELECTORS.featuredSnippet,
  SELECTORS.featuredAbout,
  SELECTORS.definition,
  SELECTORS.description,
  SELECTORS.subtitle,
].join(', ');

const SEARCH_HOSTS = new Set(GOOGLE_DOMAINS.flatMap((domain) => [domain, `www.${domain}`]));
const AI_OVERVIEW_HEADING = 'AI Overview';

const isSearchHost = (host: string) => SEARCH_HOSTS.has(host);

/** Google wraps some links as /url?q=<target>. */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url) return null;
  if (isSearchHost(url.hostname) && url.pathname === '/url') return urlParam(url, 'q') ?? urlParam(url, 'url');
  return url.href;
}

/** Google's own pages ("Learn more" links in answer blocks), never a cited source. */
const isOwnHost = (host: string) => isSearchHost(host) || /(^|\.)google\.[a-z.]+$/.test(host);

const citedUrls = (block: Element, base: URL) => citedBy(block, base, destination, (url) => isOwnHost(url.hostname));

function aiOverview(region: ParentNode, base: URL, hooks: readonly Element[]): AnswerBox | undefined {
  // The id first; the heading's words are the durable hook when ids churn.
  const block =
    hooks.find((element) => element.matches(SELECTORS.aiOverview)) ??
    all(region, SELECTORS.headings).find((h) => textOf(h) === AI_OVERVIEW_HEADING)?.parentElement?.parentElement;
  if (!block) return undefined;
  // The block also holds hidden "can't generate" text: read only the answer node.
  const text = textAt(block, SELECTORS.aiOverviewText);
  if (!text) return undefined;
  return { kind: 'ai-overview', text, sourceUrls: citedUrls(block, base) };
}

/** A list-type featured snippet: its items, one per line as the person reads them. */
function listAnswer(block: Element): string {
  return all(block, 'li')
    .filter((item) => !item.querySelector('a[href] h3'))
    .map(textOf)
    .filter(Boolean)
    .join('\n');
}

/**
 * The featured snippet: a paragraph (span.hgKElc) or, for list-type ones, the list in the block that carries
 * Google's "About featured snippets" link, the durable mark of the feature across layouts.
 */
function featuredSnippet(base: URL, hooks: readonly Element[]): AnswerBox | undefined {
  const paragraph = hooks.find((element) => element.matches(SELECTORS.featuredSnippet));
  const about = hooks.find((element) => element.matches(SELECTORS.featuredAbout));
  const block = paragraph?.closest(SELECTORS.featuredBlock) ?? about?.closest(SELECTORS.featuredBlock);
  const text = textOf(paragraph) || (block ? listAnswer(block) : '');
  if (!text) return undefined;
  const source = block?.querySelector(SELECTORS.featuredSource);
  const url = source ? destination(source.getAttribute('href'), base) : null;
  return { kind: 'featured-snippet', text, sourceUrls: url ? [withoutTextFragment(url)] : [] };
}

function knowledgePanel(base: URL, hooks: readonly Element[]): AnswerBox | undefined {
  const definitions = hooks.filter((element) => element.matches(SELECTORS.definition));
  const description = hooks.find((element) => element.matches(SELECTORS.description));
  const subtitle = hooks.find((element) => element.matches(SELECTORS.subtitle));
  const text =
    definitions.length > 0
      ? definitions.map(textOf).filter(Boolean).join(' · ')
      : textOf(description) || textOf(subtitle);
  if (!text) return undefined;
  return { kind: 'knowledge-panel', text, sourceUrls: description ? citedUrls(description, base) : [] };
}

/**
 * Until about 2013 the snippet was div.s's own text, followed by a line with the display URL and the
 * "Cached - Similar" links: that line is chrome.
 */
function withoutAddressLine(card: Element, snippet: string): string {
  const line = card.querySelector('div.s cite')?.parentElement;
  const chrome = line && !line.matches('div.s') ? textOf(line) : '';
  return chrome && snippet.endsWith(chrome) ? snippet.slice(0, -chrome.length).trim() : snippet;
}

/** Google's own search pages (a jobs block's filters, a place's listing) are never results, whatever block holds them. */
function organicOnly(card: Element, result: RawResult): RawResult | null {
  if (isSearchHost(new URL(result.url).hostname)) return null;
  return { ...result, snippet: withoutAddressLine(card, result.snippet) };
}

export const google = defineEngine({
  engine: 'google',
  label: 'Google',
  matchPatterns: GOOGLE_DOMAINS.map((domain) => `https://www.${domain}/search*`),
  matches: (url) => isSearchHost(url.hostname) && url.pathname === '/search',
  regions: SELECTORS.regions,
  isOwnLink: (url) => isSearchHost(url.hostname),
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  // Google's own search pages (a jobs block's filters, a place's listing) are never results, whatever block holds them.
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination, organicOnly),
  answerBox: (doc, url) => {
    const region = regionOf(doc, SELECTORS.answerRegions);
    const hooks = all(region, ANSWER_HOOKS);
    return aiOverview(region, url, hooks) ?? featuredSnippet(url, hooks) ?? knowledgePanel(url, hooks);
  },
});
