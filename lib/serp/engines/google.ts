import type { AnswerBox } from '../../core/serp-capture';
import { citedUrls as citedBy } from '../answer';
import { all, queryOf, textAt } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { textOf } from '../text';
import { absoluteUrl, urlParam, withoutTextFragment } from '../url';
import { GOOGLE_DOMAINS } from './google-domains';

const SELECTORS = {
  results: {
    // 2023–2025 pages have div.tF2Cxc; older and video results only div.g.
    container: '#rso div.tF2Cxc, #rso div.g:not(:has(div.tF2Cxc))',
    link: 'div.yuRUbf a[href], a[href]:has(h3)',
    title: 'h3',
    snippet: 'div.VwiC3b, [data-sncf="1"]',
  },
  queryBox: 'textarea[name="q"], input[name="q"]',
  aiOverview: '#eKIzJc, div[jsname="ZLxsqf"]',
  aiOverviewText: 'div[jsname="dvXlsc"], div.LT6XE',
  headings: 'h1, h2, div[role="heading"]',
  featuredSnippet: 'block-component span.hgKElc, div.xpdopen span.hgKElc',
  featuredBlock: 'block-component, div.xpdopen',
  featuredSource: 'div.yuRUbf a[href], a[href]:has(h3)',
  definitions: '[data-dobid="dfn"]',
  description: '[data-attrid="wa:/description"], div.kno-rdesc > span',
  regions: ['#rso', '#search', '#center_col'],
} as const;

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

function aiOverview(doc: Document, base: URL): AnswerBox | undefined {
  const heading = all(doc, SELECTORS.headings).find((h) => textOf(h) === AI_OVERVIEW_HEADING);
  const block = doc.querySelector(SELECTORS.aiOverview) ?? heading?.parentElement?.parentElement;
  if (!block) return undefined;
  // The block also holds hidden "can't generate" text: read only the answer node.
  const text = textAt(block, SELECTORS.aiOverviewText);
  if (!text) return undefined;
  return { kind: 'ai-overview', text, sourceUrls: citedUrls(block, base) };
}

function featuredSnippet(doc: Document, base: URL): AnswerBox | undefined {
  const answer = doc.querySelector(SELECTORS.featuredSnippet);
  const text = textOf(answer);
  if (!answer || !text) return undefined;
  const source = answer.closest(SELECTORS.featuredBlock)?.querySelector(SELECTORS.featuredSource);
  const url = source ? destination(source.getAttribute('href'), base) : null;
  return { kind: 'featured-snippet', text, sourceUrls: url ? [withoutTextFragment(url)] : [] };
}

function knowledgePanel(doc: Document, base: URL): AnswerBox | undefined {
  const definitions = all(doc, SELECTORS.definitions).map(textOf).filter(Boolean);
  const text = definitions.length > 0 ? definitions.join(' · ') : textAt(doc, SELECTORS.description);
  if (!text) return undefined;
  const description = doc.querySelector(SELECTORS.description);
  return { kind: 'knowledge-panel', text, sourceUrls: description ? citedUrls(description, base) : [] };
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
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
  answerBox: (doc, url) => aiOverview(doc, url) ?? featuredSnippet(doc, url) ?? knowledgePanel(doc, url),
});
