import type { RawResult } from './adapter';
import { isAdClick } from './ads';
import { all } from './dom';
import type { Destination } from './results';
import { textOf } from './text';

/** What the fallback needs to know of an engine; no class names, which are what drifts. */
export interface StructureHints {
  /** The main results column, tried in order before the generic landmarks and the body. */
  regions: readonly string[];
  /** Links to the engine itself (navigation, related searches, filters): never results. */
  isOwnLink(url: URL, page: URL): boolean;
  destination: Destination;
}

const LANDMARKS = ['main', '[role="main"]'];
const HEADINGS = 'h1, h2, h3, h4, [role="heading"]';
const AD_LABELS = new Set(['ad', 'ads', 'sponsored', 'advertisement', 'реклама', '广告', 'anzeige', 'annonce', '광고']);
/** A link's text shorter than this is an icon or a thumbnail, not a title. */
const MIN_TITLE = 12;
/** A link whose whole text is a host name ("www.site.com") is a display URL, not a title. */
const BARE_HOST = /^[\w-]+(\.[\w-]+)+$/;
/** A paragraph this long is a snippet, not a label. */
const MIN_PARAGRAPH = 40;

interface Candidate {
  link: Element;
  title: string;
  url: string;
}

function regionOf(doc: Document, hints: StructureHints): ParentNode | null {
  for (const selector of [...hints.regions, ...LANDMARKS]) {
    const region = doc.querySelector(selector);
    if (region) return region;
  }
  // A saved fragment parses with an empty body; the whole document is then the region.
  return doc.body?.hasChildNodes() ? doc.body : doc.documentElement;
}

function candidate(link: Element, title: string, base: URL, hints: StructureHints): Candidate | null {
  const url = hints.destination(link.getAttribute('href'), base);
  if (!url || !title) return null;
  const parsed = new URL(url);
  if (hints.isOwnLink(parsed, base) || isAdClick(parsed)) return null;
  return { link, title, url };
}

/** Tier 1: a heading inside a link, or a link inside a heading, the way nearly every engine marks titles. */
function headingLinks(region: ParentNode, base: URL, hints: StructureHints): Candidate[] {
  const found: Candidate[] = [];
  for (const heading of all(region, HEADINGS)) {
    const link = heading.closest('a[href]') ?? heading.querySelector('a[href]');
    const title = textOf(heading);
    const hit = link ? candidate(link, title, base, hints) : null;
    if (hit) found.push(hit);
  }
  return found;
}

/** Tier 2, for heading-less layouts: outbound links whose text is long enough to be a title. */
function titledLinks(region: ParentNode, base: URL, hints: StructureHints): Candidate[] {
  const found: Candidate[] = [];
  for (const link of all(region, 'a[href]')) {
    // The last block inside the link that reads as a title, in card layouts where the site name and URL
    // come first (or a breadcrumb comes after); the link's own text when none does.
    const blocks = all(link, 'div, span');
    let title = '';
    for (let i = blocks.length - 1; i >= 0 && !title; i--) {
      const text = textOf(blocks[i]);
      if (text.length >= MIN_TITLE && !isDisplayUrl(text)) title = text;
    }
    title ||= textOf(link);
    if (title.length < MIN_TITLE || isDisplayUrl(title) || BARE_HOST.test(title)) continue;
    const hit = candidate(link, title, base, hints);
    if (hit) found.push(hit);
  }
  return found;
}

function firstPerUrl(candidates: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    if (seen.has(c.url)) return false;
    seen.add(c.url);
    return true;
  });
}

/** The largest ancestor of a link that holds no other result: the result's card. */
function containerOf(link: Element, region: ParentNode, others: readonly Element[]): Element {
  let container = link;
  for (let parent = link.parentElement; parent && parent !== region; parent = parent.parentElement) {
    if (others.some((other) => other !== link && parent.contains(other))) break;
    // A card never spans a side column or the page's navigation.
    if (parent.querySelector(BOUNDARY)) break;
    container = parent;
  }
  return container;
}

function isAd(container: Element): boolean {
  return all(container, 'span, div, p').some((element) =>
    AD_LABELS.has((element.textContent ?? '').trim().toLowerCase()),
  );
}

/**
 * Display URLs ("https://site.com › path", "www.site.com/path", "site.com › wiki › Page") are chrome, not
 * a snippet; a snippet may still name a site or quote a link ("example.com offers…", "… at https://…").
 */
const DISPLAY_URL = /^(https?:\/\/\S*|[\w-]+(\.[\w-]+)+(\/\S*)?)(\s*›.*)?$/;
const BREADCRUMB = /›/;
/** Breadcrumbs are short; a long text with a › in it is prose. */
const MAX_BREADCRUMB = 100;

function isDisplayUrl(text: string): boolean {
  return DISPLAY_URL.test(text) || (BREADCRUMB.test(text) && text.length < MAX_BREADCRUMB);
}

/** The longest text among `selector` matches in the card, outside the title link and display URLs. */
function longestText(container: Element, link: Element, selector: string): string {
  let best: Element | null = null;
  let bestLength = 0;
  for (const element of all(container, selector)) {
    if (element.contains(link) || link.contains(element)) continue;
    // Pretty-printed pages pad text with indentation: measure words, not whitespace.
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (isDisplayUrl(text) || element.querySelector('cite')) continue;
    if (text.length > bestLength) {
      best = element;
      bestLength = text.length;
    }
  }
  return textOf(best);
}

/** A paragraph when the card has a real one (tooltips and labels are short), else the longest text. */
export function snippetOf(container: Element, link: Element): string {
  const paragraph = longestText(container, link, 'p');
  // Some engines make the snippet a link too (DuckDuckGo's a.result__snippet).
  return paragraph.length >= MIN_PARAGRAPH ? paragraph : longestText(container, link, 'div, p, span, a');
}

/** Side columns and navigation (the search-tools bar): never part of a result's card. */
const BOUNDARY = 'nav, [role="navigation"], [role="complementary"], aside';
/** What starts another part of the page after a title-only card: a heading, or a boundary. */
const SECTION = `${HEADINGS}, ${BOUNDARY}`;

/** How many ancestors up the fallback looks for a snippet beside a title-only card. */
const SNIPPET_LEVELS = 3;

/**
 * The card's snippet; when the card is the title alone (sitelinks share its block, or a saved fragment
 * cut it), the text of the blocks that follow it, up to the next result.
 */
function snippetNear(container: Element, link: Element, others: readonly Element[]): string {
  const own = snippetOf(container, link);
  if (own) return own;
  let node: Element | null = container;
  for (let level = 0; node && level < SNIPPET_LEVELS; level++, node = node.parentElement) {
    for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
      const next = sibling;
      // Another result, or another section of the page (headed, navigation, a side column), ends the search.
      if (others.some((other) => next.contains(other)) || next.matches(SECTION) || next.querySelector(SECTION))
        return '';
      const text = snippetOf(next, link);
      if (text) return text;
    }
  }
  return '';
}

/**
 * Finds results by structure when an engine's known selectors match nothing (class names drift):
 * title links in the main results region, each with the text of its card as the snippet.
 */
export function readByStructure(doc: Document, base: URL, hints: StructureHints): RawResult[] {
  const region = regionOf(doc, hints);
  if (!region) return [];
  let candidates = firstPerUrl(headingLinks(region, base, hints));
  if (candidates.length < 3) {
    // Few headings: links by their text may find the rest; a page with only one or two results keeps its headings.
    const titled = firstPerUrl(titledLinks(region, base, hints));
    if (titled.length > candidates.length) candidates = titled;
  }
  const links = candidates.map((c) => c.link);
  const results: RawResult[] = [];
  for (const { link, title, url } of candidates) {
    const container = containerOf(link, region, links);
    if (isAd(container)) continue;
    results.push({ title, url, snippet: snippetNear(container, link, links), element: container });
  }
  return results;
}
