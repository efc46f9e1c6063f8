import type { AnswerBox } from '../core/serp-capture';
import { all } from './dom';
import type { Destination } from './results';
import { textOf } from './text';
import { withoutTextFragment } from './url';

/** Links that sit in answer blocks without being sources (content licences). */
const NOT_SOURCES = /(^|\.)creativecommons\.org$/;

/** Outbound links in an answer block, unwrapped and de-duplicated: the sources it cites. */
export function citedUrls(
  block: Element,
  base: URL,
  destination: Destination,
  isOwnLink: (url: URL) => boolean,
  linkSelector = 'a[href]',
) {
  const urls = new Set<string>();
  for (const link of all(block, linkSelector)) {
    const target = destination(link.getAttribute('href'), base);
    if (!target) continue;
    const parsed = new URL(target);
    if (!isOwnLink(parsed) && !NOT_SOURCES.test(parsed.hostname)) urls.add(withoutTextFragment(target));
  }
  return [...urls];
}

/** One kind of answer block an engine shows, as selectors named beside its adapter. */
export interface AnswerSpec {
  kind: AnswerBox['kind'];
  block: string;
  /** Where the answer's text is inside the block, tried in order. */
  text: readonly string[];
  /** The links that are its sources (every outbound link in the block when absent). */
  sources?: string;
}

/**
 * The engine's own answer: the first spec, in priority order, whose block is on the page and holds text.
 * All blocks are looked up in one pass over the page, so pages without an answer cost a single scan.
 */
export function readAnswer(
  doc: Document,
  base: URL,
  specs: readonly AnswerSpec[],
  destination: Destination,
  isOwnLink: (url: URL) => boolean,
): AnswerBox | undefined {
  const found = all(doc, specs.map((spec) => spec.block).join(', '));
  if (found.length === 0) return undefined;
  for (const spec of specs) {
    for (const block of found) {
      if (!block.matches(spec.block)) continue;
      const text = spec.text.map((selector) => textOf(block.querySelector(selector))).find(Boolean);
      if (text) {
        return { kind: spec.kind, text, sourceUrls: citedUrls(block, base, destination, isOwnLink, spec.sources) };
      }
    }
  }
  return undefined;
}
