import type { RawResult } from './adapter';
import { isAdClick } from './ads';
import { all } from './dom';
import { snippetOf } from './fallback';
import { textOf } from './text';

/** Where one engine's organic results are, as CSS selectors named beside the adapter. */
export interface ResultSelectors {
  /**
   * The results column, tried in order; containers are searched inside it (the whole page when none is
   * there, as in saved fragments). Scoping keeps each read to one pass over the column, not the page.
   */
  within?: readonly string[];
  /** One element per result. */
  container: string;
  /** The title link inside a container (its href is the destination, maybe wrapped). */
  link: Selector;
  /** The title text; the link's own text when absent. A list is tried in order. */
  title?: Selector;
  snippet: Selector;
  /** Containers to leave out: ads, sponsored blocks, carousels. */
  skip?: string | ((container: Element) => boolean);
}

/** The first region found, by id when the selector is a bare #id (a lookup rather than a scan). */
export function regionOf(root: Document, selectors: readonly string[] = []): ParentNode {
  for (const selector of selectors) {
    const region = /^#[\w-]+$/.test(selector) ? root.getElementById(selector.slice(1)) : root.querySelector(selector);
    if (region) return region;
  }
  return root;
}

function skipped(container: Element, skip: ResultSelectors['skip']): boolean {
  if (!skip) return false;
  return typeof skip === 'string' ? container.matches(skip) : skip(container);
}

/** One selector, or several tried in order (querySelector on a list takes document order instead). */
export type Selector = string | readonly string[];

/** The first element found by the first selector that finds one. */
export function first(root: ParentNode, selector: Selector): Element | null {
  if (typeof selector === 'string') return root.querySelector(selector);
  for (const each of selector) {
    const found = root.querySelector(each);
    if (found) return found;
  }
  return null;
}

/**
 * The text of the first match that has some, trying the selectors in order: cards keep empty
 * placeholders of other layouts (Google's empty span.aCOpRe under a featured snippet's source).
 */
export function firstText(root: ParentNode, selector: Selector): string {
  for (const each of typeof selector === 'string' ? [selector] : selector) {
    for (const element of all(root, each)) {
      const text = textOf(element);
      if (text) return text;
    }
  }
  return '';
}

export type Destination = (href: string | null, base: URL) => string | null;

/** A result's destination, or null when the link goes nowhere readable or is a paid click. */
function organicDestination(link: Element, base: URL, destination: Destination): string | null {
  const url = destination(link.getAttribute('href'), base);
  return url && !isAdClick(new URL(url)) ? url : null;
}

/** Reads the results the engine's known markup holds, in page order. */
export function readResults(
  doc: Document,
  base: URL,
  selectors: ResultSelectors,
  destination: Destination,
  extra?: (container: Element, result: RawResult) => RawResult | null,
): RawResult[] {
  const results: RawResult[] = [];
  for (const container of all(regionOf(doc, selectors.within), selectors.container)) {
    if (skipped(container, selectors.skip)) continue;
    const link = first(container, selectors.link);
    if (!link) continue;
    const url = organicDestination(link, base, destination);
    const title = textOf(selectors.title ? (first(container, selectors.title) ?? link) : link);
    if (!url || !title) continue;
    // Snippet classes drift more often than cards: when they find nothing, the card's text by structure.
    const snippet = firstText(container, selectors.snippet) || snippetOf(container, link);
    const result: RawResult = { title, url, snippet, element: container };
    const adjusted = extra ? extra(container, result) : result;
    if (adjusted) results.push(adjusted);
  }
  return results;
}

/** For engines whose cards have no stable class: find the title links, then each link's card. */
export interface LinkFirstSelectors {
  within?: readonly string[];
  link: string;
  /** The card around a link, found with closest(); the link's parent when none matches. */
  card: string;
  title?: Selector;
  snippet: Selector;
  skip?: string;
}

export function readLinkedResults(
  doc: Document,
  base: URL,
  selectors: LinkFirstSelectors,
  destination: Destination,
): RawResult[] {
  const results: RawResult[] = [];
  for (const link of all(regionOf(doc, selectors.within), selectors.link)) {
    const card = link.closest(selectors.card) ?? link.parentElement;
    if (!card || (selectors.skip && card.closest(selectors.skip))) continue;
    const url = organicDestination(link, base, destination);
    const title = textOf(selectors.title ? (first(card, selectors.title) ?? link) : link);
    if (!url || !title) continue;
    results.push({ title, url, snippet: firstText(card, selectors.snippet), element: card });
  }
  return results;
}
