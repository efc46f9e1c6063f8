/**
 * "Read only what a person sees": whether an element of a live, laid-out page is rendered where a
 * person can read it. Hidden results and hidden text are how a page plants answers for the model
 * (display:none, the hidden attribute, aria-hidden, visibility, opacity 0, font-size 0, text the
 * colour of its background, off-screen or clipped boxes (clip-path shapes too), text indented out
 * of sight, boxes under an opaque positioned overlay, zero size, closed <details>, never laid out). Runs in the content script: DOM and CSSOM only, one cached verdict per element per read.
 */

/** Text smaller than this (px) is not read by a person. */
const MIN_FONT_PX = 4;
/** A box thinner than this (px) shows nothing (the "sr-only" 1×1 clipped box included). */
const MIN_BOX_PX = 2;
/** Text whose contrast with its background is below this ratio is invisible (WCAG minimum is 4.5). */
const MIN_CONTRAST = 1.25;
/** Levels above an element whose positioned siblings may be drawn over it. */
const OVERLAY_LEVELS = 6;
/** Ancestors walked for clipping and backgrounds; deeper pages are refused by the text reader. */
const MAX_ANCESTORS = 1_000;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type Rgba = [number, number, number, number];

function parseColor(value: string): Rgba | null {
  const match = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(value);
  if (!match) return value === 'transparent' ? [0, 0, 0, 0] : null;
  const alphaText = match[4];
  const alpha =
    alphaText === undefined ? 1 : alphaText.endsWith('%') ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
  return [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `over` composited on an opaque `under`. */
function blend(over: Rgba, under: Rgba): Rgba {
  const a = over[3];
  return [over[0] * a + under[0] * (1 - a), over[1] * a + under[1] * (1 - a), over[2] * a + under[2] * (1 - a), 1];
}

const intersect = (a: Box, b: Box): Box => ({
  left: Math.max(a.left, b.left),
  top: Math.max(a.top, b.top),
  right: Math.min(a.right, b.right),
  bottom: Math.min(a.bottom, b.bottom),
});
const tooSmall = (box: Box) => box.right - box.left < MIN_BOX_PX || box.bottom - box.top < MIN_BOX_PX;
/** A CSS length of a computed value (px or %), or NaN for a keyword. */
function lengthOf(text: string | undefined, of: number): number {
  if (text === undefined) return Number.NaN;
  if (text.endsWith('%')) return (Number.parseFloat(text) / 100) * of;
  return /^-?[\d.]+(px)?$/.test(text) ? Number.parseFloat(text) : Number.NaN;
}

const POSITION_KEYWORDS: Record<string, string> = {
  left: '0%',
  top: '0%',
  center: '50%',
  right: '100%',
  bottom: '100%',
};

/**
 * The part of `rect` a computed `clip-path` leaves showing, as a bounding box: inset() exactly,
 * circle(), ellipse() and polygon() by their bounds (a zero radius or a flat polygon shows nothing).
 * null when the shape is none or cannot be read here (a url() of an SVG clip, a keyword radius).
 */
export function clipPathBox(value: string, rect: Box): Box | null {
  const shape = /^(inset|circle|ellipse|polygon)\((.*)\)/.exec(value.trim());
  if (!shape) return null;
  const width = rect.right - rect.left;
  const height = rect.bottom - rect.top;
  const [, kind, body = ''] = shape;
  if (kind === 'inset') {
    const values = (body.split(/\s+round\s+/)[0] ?? '').trim().split(/\s+/);
    const [top, right = top, bottom = top, left = right] = values;
    const [t, r, b, l] = [
      lengthOf(top, height),
      lengthOf(right, width),
      lengthOf(bottom, height),
      lengthOf(left, width),
    ];
    if (![t, r, b, l].every(Number.isFinite)) return null;
    return { left: rect.left + l, top: rect.top + t, right: rect.right - r, bottom: rect.bottom - b };
  }
  if (kind === 'polygon') {
    const points = body
      .replace(/^\s*(nonzero|evenodd)\s*,/, '')
      .split(',')
      .map((point) => point.trim().split(/\s+/));
    const xs = points.map(([x]) => lengthOf(x, width));
    const ys = points.map(([, y]) => lengthOf(y, height));
    if (![...xs, ...ys].every(Number.isFinite) || xs.length === 0) return null;
    return {
      left: rect.left + Math.min(...xs),
      top: rect.top + Math.min(...ys),
      right: rect.left + Math.max(...xs),
      bottom: rect.top + Math.max(...ys),
    };
  }
  const [radii = '', at = 'center'] = body.split(/\s+at\s+/);
  const position = at
    .trim()
    .split(/\s+/)
    .map((word) => POSITION_KEYWORDS[word] ?? word);
  const cx = lengthOf(position[0] ?? '50%', width);
  const cy = lengthOf(position[1] ?? '50%', height);
  const words = radii.trim().split(/\s+/).filter(Boolean);
  // A circle's percentage is of the box's normalised diagonal; no radius is closest-side.
  const rx = kind === 'circle' ? lengthOf(words[0], Math.hypot(width, height) / Math.SQRT2) : lengthOf(words[0], width);
  const ry = kind === 'circle' ? rx : lengthOf(words[1], height);
  if (![rx, ry, cx, cy].every(Number.isFinite)) return null;
  return { left: rect.left + cx - rx, top: rect.top + cy - ry, right: rect.left + cx + rx, bottom: rect.top + cy + ry };
}

/** `inner` lies within `outer` (to a pixel). */
export const covers = (outer: Box, inner: Box): boolean =>
  outer.left <= inner.left + 1 &&
  outer.top <= inner.top + 1 &&
  outer.right >= inner.right - 1 &&
  outer.bottom >= inner.bottom - 1;

const EVERYWHERE: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
const WHITE: Rgba = [255, 255, 255, 1];

/** Node constants, spelled out: the checker also runs on DOMs without a global `Node`. */
const TEXT_NODE = 3;
const FOLLOWING = 4;

/** Elements read as form or script content, never as page text. */
const NOT_TEXT = new Set(['TEXTAREA', 'INPUT', 'SELECT', 'OPTION', 'TEMPLATE', 'SCRIPT', 'STYLE', 'NOSCRIPT']);

export interface VisibilityView {
  getComputedStyle(element: Element): CSSStyleDeclaration;
  scrollX: number;
  scrollY: number;
  innerWidth: number;
  innerHeight: number;
}

export interface VisibilityChecker {
  /** The element, and all it holds, is not shown. */
  isHidden(element: Element): boolean;
  /** The text directly inside the element cannot be read (its children may still be). */
  isTextHidden(element: Element): boolean;
}

/** A checker for one read of the page: layout is read once per element; make a new one per read. */
export function visibilityChecker(view: VisibilityView): VisibilityChecker {
  const verdicts = new Map<Element, boolean>();
  const clips = new Map<Element, Box>();
  const backgrounds = new Map<Element, Rgba>();

  /** The box an element's content is visible in: the intersection of every clipping ancestor. */
  const clipOf = (element: Element | null): Box => {
    const chain: Element[] = [];
    let cursor = element;
    while (cursor && !clips.has(cursor) && chain.length < MAX_ANCESTORS) {
      chain.push(cursor);
      cursor = cursor.parentElement;
    }
    let box = cursor ? (clips.get(cursor) ?? EVERYWHERE) : EVERYWHERE;
    for (const each of chain.reverse()) {
      const style = view.getComputedStyle(each);
      // Only boxes that cut their content off: a scrolling box (auto, scroll) shows it when scrolled, and
      // overflow on <html> and <body> belongs to the viewport, where the person can scroll.
      const cuts = (value: string) => value === 'hidden' || value === 'clip';
      const clipsContent =
        each !== each.ownerDocument.documentElement &&
        each !== each.ownerDocument.body &&
        (cuts(style.overflowX) || cuts(style.overflowY) || style.contain === 'paint');
      const shaped = style.clipPath && style.clipPath !== 'none';
      const zeroClip = /rect\(\s*0/.test(style.clip);
      if (clipsContent || zeroClip || shaped) {
        const rect = each.getBoundingClientRect();
        const own = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        if (clipsContent) box = intersect(box, own);
        if (zeroClip) box = intersect(box, { left: 0, top: 0, right: 0, bottom: 0 });
        const shape = shaped ? clipPathBox(style.clipPath, own) : null;
        if (shape) box = intersect(box, shape);
      }
      clips.set(each, box);
    }
    return box;
  };

  /** The opaque colour behind an element's text: the nearest backgrounds, composited, on white. */
  const backgroundOf = (element: Element | null): Rgba => {
    const chain: Element[] = [];
    let cursor = element;
    while (cursor && !backgrounds.has(cursor) && chain.length < MAX_ANCESTORS) {
      chain.push(cursor);
      cursor = cursor.parentElement;
    }
    let colour = cursor ? (backgrounds.get(cursor) ?? WHITE) : WHITE;
    for (const each of chain.reverse()) {
      const style = view.getComputedStyle(each);
      const own = parseColor(style.backgroundColor);
      // A background image may be anything: assume the text is drawn to be read on it.
      if (style.backgroundImage !== 'none' && style.backgroundImage !== '') colour = WHITE;
      else if (own && own[3] > 0) colour = blend(own, colour);
      backgrounds.set(each, colour);
    }
    return colour;
  };

  const inClosedDetails = (element: Element): boolean => {
    const details = element.closest('details:not([open])');
    if (!details) return false;
    const summary = element.closest('summary');
    return !(summary && summary.parentElement === details);
  };

  /**
   * Hidden from assistive technology by an ancestor. A page-wide container marked aria-hidden (as pages
   * do behind an open dialog, such as a consent banner) still shows everything to a sighted person,
   * and cannot single out some results, so it does not count; a smaller one does.
   */
  const ariaHidden = (element: Element): boolean => {
    let marked = element.closest('[aria-hidden="true"]');
    while (marked) {
      const box = marked.getBoundingClientRect();
      const pageWide = box.width >= view.innerWidth / 2 && box.height >= view.innerHeight / 2;
      if (!pageWide) return true;
      marked = marked.parentElement?.closest('[aria-hidden="true"]') ?? null;
    }
    return false;
  };

  /**
   * The opaque boxes a parent's positioned children draw (position other than static, no negative
   * z-index, fully opaque background or an image, shown): what may be laid over their siblings.
   * One walk of each parent's children per read.
   */
  const overlays = new Map<Element, { child: Element; box: Box }[]>();
  const overlaysIn = (parent: Element) => {
    let found = overlays.get(parent);
    if (found) return found;
    found = [];
    for (const child of parent.children) {
      const style = view.getComputedStyle(child);
      if (style.position === 'static' || Number.parseInt(style.zIndex, 10) < 0) continue;
      if (style.display === 'none' || style.visibility !== 'visible' || Number(style.opacity) < 0.95) continue;
      const background = parseColor(style.backgroundColor);
      const image = style.backgroundImage !== 'none' && style.backgroundImage !== '';
      if (!image && !(background && background[3] >= 0.95)) continue;
      const rect = child.getBoundingClientRect();
      // Page-wide layers (a dialog's backdrop) cover real results as much as planted ones: a person
      // sees nothing there either way, so they single nothing out.
      if (rect.width >= view.innerWidth / 2 && rect.height >= view.innerHeight / 2) continue;
      found.push({ child, box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom } });
    }
    overlays.set(parent, found);
    return found;
  };

  /**
   * Drawn over by an opaque positioned box: a later sibling of the element or of one of its nearest
   * ancestors, or any positioned sibling when the covered one is not positioned itself.
   */
  const coveredByOverlay = (element: Element, box: Box): boolean => {
    if (tooSmall(box)) return false;
    let level: Element | null = element;
    for (let depth = 0; level?.parentElement && depth < OVERLAY_LEVELS; depth++, level = level.parentElement) {
      const candidates = overlaysIn(level.parentElement);
      if (candidates.length === 0) continue;
      const positioned = view.getComputedStyle(level).position !== 'static';
      for (const { child, box: over } of candidates) {
        if (child === level) continue;
        const later = (level.compareDocumentPosition(child) & FOLLOWING) !== 0;
        if ((later || !positioned) && covers(over, box)) return true;
      }
    }
    return false;
  };

  /**
   * Text pushed out of sight by text-indent (the old "-9999px" trick): none of the element's own text
   * boxes lands where its clipping ancestors and the page show anything. Measured only for indented text.
   */
  const indentedAway = (element: Element): boolean => {
    const range = element.ownerDocument.createRange();
    const shown = clipOf(element);
    let text = false;
    for (const node of element.childNodes) {
      if (node.nodeType !== TEXT_NODE || !node.textContent?.trim()) continue;
      text = true;
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        const onPage = box.right + view.scrollX > 0 && box.bottom + view.scrollY > 0;
        if (onPage && !tooSmall(intersect(box, shown))) return false;
      }
    }
    return text;
  };

  /** The element and everything in it is not shown. */
  const boxHidden = (element: Element): boolean => {
    if (NOT_TEXT.has(element.tagName)) return true;
    if (element.closest('[hidden]') || ariaHidden(element) || inClosedDetails(element)) return true;
    const style = view.getComputedStyle(element);
    // display:contents has no box of its own (checkVisibility says false): its children are checked one by one.
    if (style.display === 'contents') return false;
    const checkable = element as Element & {
      checkVisibility?: (options: Record<string, boolean>) => boolean;
    };
    if (
      checkable.checkVisibility &&
      !checkable.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })
    ) {
      return true;
    }
    if (style.display === 'none' || style.visibility !== 'visible' || Number(style.opacity) === 0) return true;
    // Never laid out: no box at all.
    if (element.getClientRects().length === 0) return true;
    const rect = element.getBoundingClientRect();
    const box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    // Off the page to the left or the top, where no scrolling reaches.
    if (box.right + view.scrollX <= 0 || box.bottom + view.scrollY <= 0) return true;
    const around = clipOf(element.parentElement);
    if (tooSmall(around)) return true;
    // A box that clips its content (height:0;overflow:hidden, the 1×1 "sr-only" box) shows only what fits.
    if (tooSmall(clipOf(element))) return true;
    // A sized box entirely outside what its ancestors show is clipped away; a zero-size box that
    // does not clip may still show its overflowing children, which are checked one by one.
    if (!tooSmall(box) && tooSmall(intersect(box, around))) return true;
    return coveredByOverlay(element, box);
  };

  /** The element's own text cannot be read: too small, transparent, or the colour of its background. */
  const ownTextHidden = (element: Element): boolean => {
    const style = view.getComputedStyle(element);
    if (Number.parseFloat(style.fontSize) < MIN_FONT_PX) return true;
    if (Number.parseFloat(style.textIndent) !== 0 && indentedAway(element)) return true;
    // Its own positioned child laid over all of it.
    const own = overlaysIn(element);
    if (own.length > 0) {
      const rect = element.getBoundingClientRect();
      const box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      if (!tooSmall(box) && own.some(({ box: over }) => covers(over, box))) return true;
    }
    const colour = parseColor(style.color);
    if (!colour) return false;
    if (colour[3] === 0) return true;
    const background = backgroundOf(element);
    return contrast(blend(colour, background), background) < MIN_CONTRAST;
  };

  const cached = (cache: Map<Element, boolean>, check: (element: Element) => boolean) => (element: Element) => {
    let verdict = cache.get(element);
    if (verdict === undefined) {
      verdict = check(element);
      cache.set(element, verdict);
    }
    return verdict;
  };
  return { isHidden: cached(verdicts, boxHidden), isTextHidden: cached(new Map(), ownTextHidden) };
}
