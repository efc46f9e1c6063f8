import type { ClaimMark } from '@/lib/messaging/tab-messages';

/**
 * Marks on the sentences of the engine's own answer box, without changing the page's DOM tree
 * beyond one badge host per sentence. The page's scripts share the highlight registry, the adopted
 * stylesheets and getComputedStyle(el, '::highlight(name)') with us, so nothing there may tell an
 * outcome apart: every checked sentence goes into ONE highlight with a random name and one neutral
 * style. The outcome lives only in a closed shadow root at the sentence's end (its symbol drawn as
 * generated content, so find-in-page cannot match it; its words in attributes only the person's
 * browser reads). Without the Highlight API the badges alone remain. Plain DOM only (no React, no zod).
 */

type Outcome = ClaimMark['outcome'];

// The same for every outcome: the page may read it.
const NEUTRAL_STYLE = 'background-color:rgba(84,174,255,.16);text-decoration:underline dotted 1.5px rgba(9,105,218,.6)';
const BADGE_SIZE = 13;
// Symbols as CSS escapes for generated content: the page's find() does not see them.
const SYMBOLS: Record<Outcome, string> = {
  supported: '\\2713',
  contradicted: '\\2715',
  disputed: '!',
  'not-found': '?',
};
const COLORS: Record<Outcome, string> = {
  supported: '#1a7f37',
  contradicted: '#b3261e',
  disputed: '#9a6700',
  'not-found': '#57606a',
};
const OUTCOMES = Object.keys(SYMBOLS) as Outcome[];

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'FACTCHECK-BADGE']);
// One name per page, random, the same whatever the outcomes.
const HIGHLIGHT_NAME = `h${Math.random().toString(36).slice(2, 10)}`;

interface Drawn {
  range: Range;
  host: HTMLElement;
  pill: HTMLElement;
}
/** Drawn marks by their sentence's words (without whitespace), so an update changes only what changed. */
const drawn = new Map<string, Drawn>();
let pageSheet: CSSStyleSheet | null = null;
let badgeSheet: CSSStyleSheet | null = null;
let highlight: Highlight | null = null;

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

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The first visible place on the page where the sentence's words stand, as a Range. */
function rangeOf(index: TextIndex, needle: string): Range | null {
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

function removeDrawn(key: string, item: Drawn): void {
  item.host.remove();
  highlight?.delete(item.range);
  drawn.delete(key);
}

export function clearClaimMarks(): void {
  for (const [key, item] of drawn) removeDrawn(key, item);
  if (highlightsSupported()) CSS.highlights.delete(HIGHLIGHT_NAME);
  highlight = null;
  if (pageSheet) {
    const own = pageSheet;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((candidate) => candidate !== own);
    pageSheet = null;
  }
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

/** The badges' own styles, shared by every closed shadow root and out of the page's reach. */
function badgeStyles(): CSSStyleSheet {
  if (badgeSheet) return badgeSheet;
  badgeSheet = new CSSStyleSheet();
  const pill = `display:block;width:${BADGE_SIZE}px;height:${BADGE_SIZE}px;border-radius:50%;text-align:center;font:700 9px/${BADGE_SIZE}px system-ui,sans-serif;color:#fff;user-select:none;cursor:default`;
  const rules = OUTCOMES.map(
    (outcome) => `.${outcome}{background:${COLORS[outcome]}}.${outcome}::before{content:"${SYMBOLS[outcome]}"}`,
  );
  badgeSheet.replaceSync([`span{${pill}}`, ...rules].join('\n'));
  return badgeSheet;
}

/** A host every outcome shares: same tag, attributes, size and style; only its place differs. */
function newBadge(): { host: HTMLElement; pill: HTMLElement } {
  const host = document.createElement('factcheck-badge');
  host.dataset.factcheckClaim = '';
  const root = host.attachShadow({ mode: 'closed' });
  root.adoptedStyleSheets = [badgeStyles()];
  const pill = document.createElement('span');
  pill.setAttribute('role', 'img');
  root.append(pill);
  return { host, pill };
}

function paint(pill: HTMLElement, mark: ClaimMark): void {
  pill.className = mark.outcome;
  pill.title = mark.label;
  pill.setAttribute('aria-label', mark.label);
}

/** Puts the badge where the sentence's last line ends, or hides it where the sentence is clipped. */
function place(host: HTMLElement, range: Range): void {
  const rects = range.getClientRects();
  const last = rects[rects.length - 1];
  const shown = last !== undefined && unclipped(range.endContainer, last);
  const left = shown ? Math.round(last.right + window.scrollX) : 0;
  const top = shown ? Math.round(last.top + window.scrollY - 7) : 0;
  host.style.cssText = `all:initial;display:${shown ? 'block' : 'none'};position:absolute;z-index:2147483000;width:${BADGE_SIZE}px;height:${BADGE_SIZE}px;user-select:none;left:${left}px;top:${top}px`;
}

function ensureHighlight(): Highlight {
  if (highlight) return highlight;
  highlight = new Highlight();
  CSS.highlights.set(HIGHLIGHT_NAME, highlight);
  pageSheet = new CSSStyleSheet();
  pageSheet.replaceSync(`::highlight(${HIGHLIGHT_NAME}){${NEUTRAL_STYLE}}`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
  return highlight;
}

/**
 * Marks each sentence where the page shows it, keeping what is already drawn (a mark whose outcome
 * changed is repainted inside its shadow root, unseen by the page); returns how many are shown.
 */
export function renderClaimMarks(marks: readonly ClaimMark[]): number {
  const wanted = new Map(marks.map((mark) => [squeeze(mark.text), mark]));
  for (const [key, item] of drawn) {
    // Gone from the marks, or the page rebuilt the answer under it: drawn again below if still wanted.
    if (!wanted.has(key) || squeeze(item.range.toString()) !== key) removeDrawn(key, item);
  }
  if (wanted.size === 0 || !document.body) {
    clearClaimMarks();
    return 0;
  }
  let index: TextIndex | null = null;
  const useHighlights = highlightsSupported();
  for (const [key, mark] of wanted) {
    let item = drawn.get(key);
    if (!item) {
      index ??= indexText(document.body);
      const range = rangeOf(index, key);
      if (!range) continue;
      item = { range, ...newBadge() };
      document.documentElement.append(item.host);
      if (useHighlights) ensureHighlight().add(range);
      drawn.set(key, item);
    }
    paint(item.pill, mark);
  }
  // Every badge is placed again: text above may have moved since the last update.
  for (const item of drawn.values()) place(item.host, item.range);
  return drawn.size;
}
