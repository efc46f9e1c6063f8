const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/** Collapses whitespace and strips invisible formatting characters. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Text of an element with a space between block-level children, so that
 * "Mar 3, 2024" and the sentence after it do not run together.
 */
export function textOf(element: Element | null | undefined): string {
  if (!element) return '';
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).tagName;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'svg' || tag === 'SVG') return;
    const block = BLOCK_TAGS.has(tag);
    if (block) parts.push(' ');
    // Sibling links, not childNodes: no array is built per element (linkedom builds one on every call).
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) parts.push(' ');
  };
  walk(element);
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
