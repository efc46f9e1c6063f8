import type { RawResult } from './adapter';
import { all } from './dom';
import { textOf } from './text';

/** Where one engine's organic results are, as CSS selectors named beside the adapter. */
export interface ResultSelectors {
  /** One element per result. */
  container: string;
  /** The title link inside a container (its href is the destination, maybe wrapped). */
  link: string;
  /** The title text; the link's own text when absent. A list is tried in order. */
  title?: Selector;
  snippet: Selector;
  /** Containers to leave out: ads, sponsored blocks, carousels. */
  skip?: string;
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

export type Destination = (href: string | null, base: URL) => string | null;

/** Reads the results the engine's known markup holds, in page order. */
export function readResults(
  root: ParentNode,
  base: URL,
  selectors: ResultSelectors,
  destination: Destination,
  extra?: (container: Element, result: RawResult) => RawResult | null,
): RawResult[] {
  const results: RawResult[] = [];
  for (const container of all(root, selectors.container)) {
    if (selectors.skip && container.matches(selectors.skip)) continue;
    const link = container.querySelector(selectors.link);
    if (!link) continue;
    const url = destination(link.getAttribute('href'), base);
    const title = textOf(selectors.title ? (first(container, selectors.title) ?? link) : link);
    if (!url || !title) continue;
    const result: RawResult = { title, url, snippet: textOf(first(container, selectors.snippet)), element: container };
    const adjusted = extra ? extra(container, result) : result;
    if (adjusted) results.push(adjusted);
  }
  return results;
}

/** For engines whose cards have no stable class: find the title links, then each link's card. */
export interface LinkFirstSelectors {
  link: string;
  /** The card around a link, found with closest(); the link's parent when none matches. */
  card: string;
  title?: Selector;
  snippet: Selector;
  skip?: string;
}

export function readLinkedResults(
  root: ParentNode,
  base: URL,
  selectors: LinkFirstSelectors,
  destination: Destination,
): RawResult[] {
  const results: RawResult[] = [];
  for (const link of all(root, selectors.link)) {
    const card = link.closest(selectors.card) ?? link.parentElement;
    if (!card || (selectors.skip && card.closest(selectors.skip))) continue;
    const url = destination(link.getAttribute('href'), base);
    const title = textOf(selectors.title ? (first(card, selectors.title) ?? link) : link);
    if (!url || !title) continue;
    results.push({ title, url, snippet: textOf(first(card, selectors.snippet)), element: card });
  }
  return results;
}
