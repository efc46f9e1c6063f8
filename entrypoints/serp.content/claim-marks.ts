import type { ClaimMark } from '@/lib/messaging/tab-messages';

/**
 * Marks on the sentences of the engine's own answer box, without touching the page's DOM: each
 * sentence becomes a Range in a CSS Custom Highlight, styled by a constructed stylesheet. Where the
 * Highlight API is missing, a small badge in a closed shadow root sits at the sentence's end
 * instead. Plain DOM only (no React, no zod). Names are random per page so they say nothing fixed.
 */

type Outcome = ClaimMark['outcome'];

const STYLE: Record<Outcome, string> = {
  supported: 'background-color:rgba(26,127,55,.16);text-decoration:underline 2px rgb(26,127,55)',
  contradicted: 'background-color:rgba(179,38,30,.18);text-decoration:underline wavy 2px rgb(179,38,30)',
  disputed: 'background-color:rgba(227,179,65,.3);text-decoration:underline 2px rgb(154,103,0)',
  'not-found': 'text-decoration:underline dotted 2px rgb(87,96,106)',
};
// One symbol in a small raised circle: the badge sits on the line, so it must hide as little as it can.
const BADGE_WORDS: Record<Outcome, string> = {
  supported: '✓',
  contradicted: '✕',
  disputed: '!',
  'not-found': '?',
};
const BADGE_COLORS: Record<Outcome, string> = {
  supported: '#1a7f37',
  contradicted: '#b3261e',
  disputed: '#9a6700',
  'not-found': '#57606a',
};

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'FACTCHECK-BADGE']);
const prefix = `m${Math.random().toString(36).slice(2, 10)}`;
const names = (outcome: Outcome) => `${prefix}-${outcome}`;
let sheet: CSSStyleSheet | null = null;
const hosts = new Set<Element>();

interface TextIndex {
  /** The page's visible text without whitespace, so the page's line breaks and spacing do not matter. */
  text: string;
  nodes: Text[];
  offsets: number[];
}

function indexText(root: Node): TextIndex {
  const index: TextIndex = { text: '', nodes: [], offsets: [] };
  const parts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      const parent = node.parentElement;
      if (!parent || SKIP.has(parent.tagName)) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.nodeValue ?? '';
    for (let offset = 0; offset < value.length; offset++) {
      const char = value.charAt(offset);
      if (/\s/.test(char)) continue;
      parts.push(char);
      index.nodes.push(node as Text);
      index.offsets.push(offset);
    }
  }
  index.text = parts.join('');
  return index;
}

const visible = (node: Text) => {
  const element = node.parentElement;
  if (!element) return false;
  return typeof element.checkVisibility === 'function'
    ? element.checkVisibility()
    : element.getClientRects().length > 0;
};

/** The first visible place on the page where the sentence's words stand, as a Range. */
function rangeOf(index: TextIndex, sentence: string): Range | null {
  const needle = sentence.replace(/\s+/g, '');
  if (needle === '') return null;
  for (let at = index.text.indexOf(needle); at >= 0; at = index.text.indexOf(needle, at + 1)) {
    const end = at + needle.length - 1;
    const startNode = index.nodes[at];
    const endNode = index.nodes[end];
    const startOffset = index.offsets[at];
    const endOffset = index.offsets[end];
    if (!startNode || !endNode || startOffset === undefined || endOffset === undefined || !visible(startNode)) continue;
    const range = document.createRange();
    range.setStart(startNode, startOffset);
    range.setEnd(endNode, endOffset + 1);
    return range;
  }
  return null;
}

const highlightsSupported = () =>
  typeof CSS !== 'undefined' &&
  'highlights' in CSS &&
  typeof Highlight === 'function' &&
  'adoptedStyleSheets' in document;

export function clearClaimMarks(): void {
  if (highlightsSupported()) {
    for (const outcome of Object.keys(STYLE) as Outcome[]) CSS.highlights.delete(names(outcome));
  }
  if (sheet) {
    const own = sheet;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((candidate) => candidate !== own);
    sheet = null;
  }
  for (const host of hosts) host.remove();
  hosts.clear();
}

/** Is the rectangle inside every clipping box around the node (a collapsed answer hides its tail)? */
function unclipped(node: Node, rect: DOMRect): boolean {
  for (let element = node.parentElement; element; element = element.parentElement) {
    const style = getComputedStyle(element);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const box = element.getBoundingClientRect();
    if (rect.bottom > box.bottom + 1 || rect.top < box.top - 1 || rect.right > box.right + 1) return false;
  }
  return true;
}

function badgeAt(range: Range, mark: ClaimMark): void {
  const rects = range.getClientRects();
  const last = rects[rects.length - 1];
  if (!last || !unclipped(range.endContainer, last)) return;
  const host = document.createElement('factcheck-badge');
  host.style.cssText = `all:initial;position:absolute;z-index:2147483000;left:${Math.round(last.right + window.scrollX)}px;top:${Math.round(last.top + window.scrollY - 7)}px`;
  host.title = mark.label;
  host.setAttribute('role', 'img');
  host.setAttribute('aria-label', mark.label);
  host.dataset.factcheckClaim = '';
  const root = host.attachShadow({ mode: 'closed' });
  const pill = document.createElement('span');
  pill.textContent = BADGE_WORDS[mark.outcome];
  pill.style.cssText = `display:inline-block;width:13px;height:13px;border-radius:7px;text-align:center;font:700 9px/13px system-ui,sans-serif;color:#fff;background:${BADGE_COLORS[mark.outcome]}`;
  root.append(pill);
  document.documentElement.append(host);
  hosts.add(host);
}

/** Marks each sentence where the page shows it; returns how many were found. */
export function renderClaimMarks(marks: readonly ClaimMark[]): number {
  clearClaimMarks();
  if (marks.length === 0 || !document.body) return 0;
  const index = indexText(document.body);
  const found = marks.flatMap((mark) => {
    const range = rangeOf(index, mark.text);
    return range ? [{ mark, range }] : [];
  });
  if (!highlightsSupported()) {
    for (const { mark, range } of found) badgeAt(range, mark);
    return found.length;
  }
  const rules: string[] = [];
  for (const outcome of Object.keys(STYLE) as Outcome[]) {
    const ranges = found.filter(({ mark }) => mark.outcome === outcome).map(({ range }) => range);
    if (ranges.length === 0) continue;
    CSS.highlights.set(names(outcome), new Highlight(...ranges));
    rules.push(`::highlight(${names(outcome)}){${STYLE[outcome]}}`);
  }
  sheet = new CSSStyleSheet();
  sheet.replaceSync(rules.join('\n'));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return found.length;
}
