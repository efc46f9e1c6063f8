/**
 * Invisible formatting characters (zero-width spaces and joiners, bidi marks, soft hyphen, word
 * joiner, variation selectors, Hangul fillers): removed before anything is compared, so
 * "19\u200b63" is "1963".
 */
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|\u034F/gu;

/** Collapses whitespace and strips invisible formatting characters. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** A reading that had to stop: the page is deeper or larger than any results page. */
export class UnreadablePageError extends Error {}

/** No results page nests this deep (Chrome's own HTML parser stops nesting at 512 levels). */
export const MAX_TEXT_DEPTH = 1_000;
/** Elements and text nodes one text read may visit; a result's text is a few hundred. */
export const MAX_TEXT_NODES = 50_000;

/** Elements whose content a person does not read as page text. */
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'svg', 'SVG']);

/**
 * Set while the content script reads a live page: true for an element a person cannot see (see
 * visibility.ts), whose text is then left out. Unset in Node, where pages are never laid out.
 */
let visibility: TextVisibility | undefined;

export interface TextVisibility {
  /** The element and all it holds are not shown. */
  isHidden(element: Element): boolean;
  /** The text directly inside the element cannot be read. */
  isTextHidden(element: Element): boolean;
}

/** Runs `read` with `checker` consulted for every element and text whose text is read. */
export function readingVisibleOnly<T>(checker: TextVisibility, read: () => T): T {
  const previous = visibility;
  visibility = checker;
  try {
    return read();
  } finally {
    visibility = previous;
  }
}

/** Whether the current reading counts `element` as hidden (never, outside a live page). */
export const isHiddenElement = (element: Element): boolean => visibility?.isHidden(element) ?? false;
const isHiddenText = (text: Node): boolean =>
  text.parentElement !== null && (visibility?.isTextHidden(text.parentElement) ?? false);

/**
 * Text of an element with a space between block-level children, so that "Mar 3, 2024" and the
 * sentence after it do not run together. Iterative (an explicit stack, no recursion), so a page
 * nested 20,000 deep cannot overflow the call stack; it is refused with UnreadablePageError.
 */
export function textOf(element: Element | null | undefined): string {
  if (!element || isHiddenElement(element)) return '';
  const parts: string[] = [];
  // Entries: a node to read, or a string to emit once its children are done.
  const stack: { node: Node | string; depth: number }[] = [{ node: element, depth: 0 }];
  let visited = 0;
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!entry) break;
    const { node, depth } = entry;
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    if (++visited > MAX_TEXT_NODES) {
      throw new UnreadablePageError(
        `This page is too large to read (more than ${MAX_TEXT_NODES} nodes in one result).`,
      );
    }
    if (depth > MAX_TEXT_DEPTH) {
      throw new UnreadablePageError(`This page is nested too deeply to read (more than ${MAX_TEXT_DEPTH} levels).`);
    }
    if (node.nodeType === 3) {
      if (!isHiddenText(node)) parts.push(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    if (SKIPPED_TAGS.has(child.tagName) || (child !== element && isHiddenElement(child))) continue;
    const block = BLOCK_TAGS.has(child.tagName);
    if (block) parts.push(' ');
    if (block) stack.push({ node: ' ', depth });
    // Pushed last child first, so that children come off the stack in document order. Sibling links,
    // not childNodes: no array is built per element (linkedom builds one on every call).
    for (let each = node.lastChild; each; each = each.previousSibling) stack.push({ node: each, depth: depth + 1 });
  }
  return cleanText(parts.join(''));
}

const BLOCK_TAGS = new Set([
  'DIV',
  'P',
  'BR',
  'LI',
  'UL',
  'OL',
  'SPAN',
  'H1',
  'H2',
  'H3',
  'H4',
  'SECTION',
  'ARTICLE',
  'TD',
  'TR',
]);
