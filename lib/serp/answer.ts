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

/** An answer box from the first block a selector finds, its text from the first `text` selector that has some. */
export function answerFrom(
  doc: Document,
  base: URL,
  kind: AnswerBox['kind'],
  selectors: { block: string; text: readonly string[]; sources?: string },
  destination: Destination,
  isOwnLink: (url: URL) => boolean,
): AnswerBox | undefined {
  const block = doc.querySelector(selectors.block);
  if (!block) return undefined;
  const text = selectors.text.map((selector) => textOf(block.querySelector(selector))).find(Boolean);
  if (!text) return undefined;
  return { kind, text, sourceUrls: citedUrls(block, base, destination, isOwnLink, selectors.sources) };
}
