import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { type Box, clipPathBox, covers, visibilityChecker } from '@/lib/serp/visibility';

const RECT: Box = { left: 100, top: 200, right: 300, bottom: 300 };
const width = (box: Box | null) => (box ? box.right - box.left : Number.NaN);
const height = (box: Box | null) => (box ? box.bottom - box.top : Number.NaN);

describe('clip-path shapes', () => {
  it('inset() leaves its inner box; 50 % from each side, or 100 % from one, leaves nothing', () => {
    expect(clipPathBox('inset(10px 20px)', RECT)).toEqual({ left: 120, top: 210, right: 280, bottom: 290 });
    expect(width(clipPathBox('inset(50%)', RECT))).toBe(0);
    expect(height(clipPathBox('inset(0px 0px 100% 0px)', RECT))).toBe(0);
    expect(width(clipPathBox('inset(0px 0px 0px 100%)', RECT))).toBe(0);
    expect(clipPathBox('inset(0px round 8px)', RECT)).toEqual(RECT);
  });

  it('circle() and ellipse() by their bounds: a zero radius shows nothing', () => {
    expect(width(clipPathBox('circle(0px at 50% 50%)', RECT))).toBe(0);
    expect(width(clipPathBox('circle(0% at 50% 50%)', RECT))).toBe(0);
    expect(clipPathBox('circle(10px at 0% 0%)', RECT)).toEqual({ left: 90, top: 190, right: 110, bottom: 210 });
    expect(height(clipPathBox('ellipse(50% 0px at center center)', RECT))).toBe(0);
    // A percentage radius is of the box's diagonal over √2: 50 % of 158 px here.
    expect(width(clipPathBox('circle(50% at 50% 50%)', RECT))).toBeCloseTo(Math.hypot(200, 100) / Math.SQRT2, 5);
  });

  it('polygon() by its bounds: a flat one shows nothing', () => {
    expect(height(clipPathBox('polygon(0px 0px, 100% 0px, 50% 0px)', RECT))).toBe(0);
    expect(clipPathBox('polygon(evenodd, 0% 0%, 100% 0%, 100% 100%)', RECT)).toEqual(RECT);
  });

  it('shapes it cannot read clip nothing', () => {
    for (const value of ['none', 'url("#clip")', 'circle(closest-side at 50% 50%)', 'path("M 0 0 L 10 10")']) {
      expect(clipPathBox(value, RECT)).toBeNull();
    }
  });

  it('covers within a pixel', () => {
    expect(covers(RECT, { left: 100.5, top: 200, right: 300.5, bottom: 300 })).toBe(true);
    expect(covers(RECT, { left: 100, top: 200, right: 310, bottom: 300 })).toBe(false);
  });
});

/**
 * A page laid out by hand: each element's box (`data-box="left,top,width,height"`), computed style
 * (`data-style`, CSS declarations) and, for its text, the boxes its text runs land in (`data-text-box`).
 */
function laidOut(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const boxOf = (value: string | null) => {
    const [left = 0, top = 0, w = 0, h = 0] = (value ?? '0,0,0,0').split(',').map(Number);
    return { left, top, right: left + w, bottom: top + h, width: w, height: h, x: left, y: top };
  };
  for (const element of document.querySelectorAll('*')) {
    const box = boxOf(element.getAttribute('data-box') ?? '0,0,800,600');
    Object.assign(element, { getBoundingClientRect: () => box, getClientRects: () => [box] });
  }
  Object.assign(document, {
    createRange: () => {
      let parent: Element | null = null;
      return {
        selectNodeContents: (node: Node) => {
          parent = node.parentElement;
        },
        getClientRects: () => [
          boxOf(parent?.getAttribute('data-text-box') ?? parent?.getAttribute('data-box') ?? null),
        ],
      };
    },
  });
  const defaults: Record<string, string> = {
    display: 'block',
    visibility: 'visible',
    opacity: '1',
    position: 'static',
    zIndex: 'auto',
    backgroundColor: 'rgba(0, 0, 0, 0)',
    backgroundImage: 'none',
    overflowX: 'visible',
    overflowY: 'visible',
    contain: 'none',
    clipPath: 'none',
    clip: 'auto',
    fontSize: '16px',
    color: 'rgb(0, 0, 0)',
    textIndent: '0px',
  };
  const camel = (name: string) => name.trim().replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const view = {
    getComputedStyle: (element: Element) => {
      const style = { ...defaults };
      for (const declaration of (element.getAttribute('data-style') ?? '').split(';')) {
        const [name, ...value] = declaration.split(':');
        if (name?.trim()) style[camel(name)] = value.join(':').trim();
      }
      return style as unknown as CSSStyleDeclaration;
    },
    scrollX: 0,
    scrollY: 0,
    innerWidth: 1000,
    innerHeight: 900,
  };
  const byId = (id: string) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no #${id}`);
    return element;
  };
  return { checker: visibilityChecker(view), byId };
}

describe('what an opaque overlay or text-indent hides', () => {
  it('a box under a later, opaque, positioned sibling (or its ancestor’s) is hidden; a translucent or page-wide one hides nothing', () => {
    const { checker, byId } = laidOut(`
      <div id="wrap" data-box="0,0,600,300" data-style="position:relative">
        <div id="result" data-box="0,0,600,80"><span id="inner" data-box="10,10,100,20">x</span></div>
        <div id="cover" data-box="0,0,600,80" data-style="position:absolute;background-color:rgb(255, 255, 255)"></div>
        <div id="open" data-box="0,100,600,80"></div>
        <div id="glass" data-box="0,100,600,80" data-style="position:absolute;background-color:rgba(255, 255, 255, 0.5)"></div>
        <div id="below" data-box="0,200,600,80"></div>
        <div id="under" data-box="0,200,600,80" data-style="position:absolute;z-index:-1;background-color:rgb(255, 255, 255)"></div>
      </div>
      <div id="page" data-box="0,400,600,80"></div>
      <div id="backdrop" data-box="0,0,1000,900" data-style="position:fixed;background-color:rgb(0, 0, 0)"></div>`);
    expect(checker.isHidden(byId('result'))).toBe(true);
    expect(checker.isHidden(byId('inner'))).toBe(true);
    expect(checker.isHidden(byId('open'))).toBe(false);
    expect(checker.isHidden(byId('below'))).toBe(false);
    expect(checker.isHidden(byId('page'))).toBe(false);
    // The overlay itself is shown.
    expect(checker.isHidden(byId('cover'))).toBe(false);
  });

  it('a positioned box is not covered by an earlier sibling; its own text under its own positioned child is', () => {
    const { checker, byId } = laidOut(`
      <div data-box="0,0,600,300">
        <div id="cover" data-box="0,0,600,80" data-style="position:absolute;background-color:rgb(255, 255, 255)"></div>
        <div id="result" data-box="0,0,600,80" data-style="position:relative"></div>
        <span id="text" data-box="0,100,40,20" data-style="position:relative">1998<span data-box="0,100,40,20" data-style="position:absolute;background-color:rgb(255, 255, 255)"></span></span>
      </div>`);
    expect(checker.isHidden(byId('result'))).toBe(false);
    expect(checker.isTextHidden(byId('text'))).toBe(true);
  });

  it('text indented off the page or out of its clipping box is hidden; a normal indent is not', () => {
    const { checker, byId } = laidOut(`
      <p id="away" data-box="0,0,600,20" data-text-box="-9999,0,40,20" data-style="text-indent:-9999px">1998</p>
      <p id="clipped" data-box="0,40,600,20" data-text-box="9999,40,40,20" data-style="text-indent:9999px;overflow-x:hidden">1998</p>
      <p id="indent" data-box="0,80,600,20" data-text-box="32,80,300,20" data-style="text-indent:32px">It happened in 1963.</p>`);
    expect(checker.isTextHidden(byId('away'))).toBe(true);
    expect(checker.isTextHidden(byId('clipped'))).toBe(true);
    expect(checker.isTextHidden(byId('indent'))).toBe(false);
  });
});
