import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText, clearBadges, renderBadges } from '@/entrypoints/serp.content/badges';
import type { Badge } from '@/lib/messaging/tab-messages';

const badge = (overrides: Partial<Badge>): Badge => ({
  url: 'https://a.example/1',
  domain: 'a.example',
  trust: 0.82,
  evidence: 3,
  stance: null,
  blocked: false,
  ...overrides,
});

describe('result badges', () => {
  let document: Document;
  beforeEach(() => {
    document = parseHTML(
      '<html><body><div class="r" id="r1"><a href="/1"><h3 id="t1">First <b>title</b></h3></a><p>snippet</p></div>' +
        '<div class="r" id="r2"><h3 id="t2">Second</h3></div><div id="r3"><a href="/3">Third</a> text</div></body></html>',
    ).document as unknown as Document;
    vi.stubGlobal('document', document);
  });
  afterEach(() => {
    clearBadges();
    vi.unstubAllGlobals();
  });

  // Adapters hand over the result's container; the badge finds the title inside it.
  const elementFor = (url: string) => document.getElementById(`r${url.slice(-1)}`) ?? undefined;

  it('puts one out-of-flow badge beside each result title, and skips results not on the page', () => {
    renderBadges(
      [
        badge({}),
        badge({ url: 'https://b.example/2', domain: 'b.example', stance: 'contradicts', trust: 0.2 }),
        badge({ url: 'https://c.example/3' }),
        badge({ url: 'https://gone/9' }),
      ],
      elementFor,
    );
    const hosts = document.querySelectorAll('factcheck-badge');
    expect(hosts).toHaveLength(3);
    // Without a heading, the result's first link is its title.
    expect(document.querySelector('#r3 a factcheck-badge')).not.toBeNull();
    for (const host of hosts) expect(host.getAttribute('style')).toContain('position:absolute');
  });

  it('finding 3: the page can read nothing from a badge: no attribute, text or style that differs by trust, block or stance', () => {
    renderBadges(
      [
        badge({}),
        badge({ url: 'https://b.example/2', domain: 'b.example', stance: 'contradicts', trust: 0.2, blocked: true }),
        badge({ url: 'https://c.example/3', trust: null, evidence: 0 }),
      ],
      elementFor,
    );
    const hosts = [...document.querySelectorAll('factcheck-badge')];
    expect(hosts).toHaveLength(3);
    const seen = hosts.map((host) => ({
      attributes: host.getAttributeNames(),
      style: host.getAttribute('style'),
      text: host.textContent,
      children: host.children.length,
    }));
    for (const each of seen) expect(each).toEqual(seen[0]);
    expect(seen[0]?.attributes).toEqual(['style']);
    expect(seen[0]?.text).toBe('');
    expect(seen[0]?.style).toContain('width:0');
    expect(seen[0]?.style).toContain('pointer-events:none');
    const pageText = document.body.textContent ?? '';
    for (const secret of ['82%', 'blocked', 'trust', 'contradict', 'check']) expect(pageText).not.toContain(secret);
  });

  it('draws no badge for a result the page hides', () => {
    renderBadges([badge({}), badge({ url: 'https://b.example/2' })], elementFor, (element) => element.id === 'r2');
    expect(document.querySelectorAll('factcheck-badge')).toHaveLength(1);
    expect(document.querySelector('#r2 factcheck-badge')).toBeNull();
  });

  it('redraws instead of stacking, and clears completely', () => {
    renderBadges([badge({})], elementFor);
    renderBadges([badge({})], elementFor);
    expect(document.querySelectorAll('factcheck-badge')).toHaveLength(1);
    clearBadges();
    expect(document.querySelectorAll('factcheck-badge')).toHaveLength(0);
    expect(document.getElementById('t1')?.innerHTML).toBe('First <b>title</b>');
  });

  it('says what the badge means in words: trust, evidence, blocked, contradicted', () => {
    expect(badgeText(badge({ trust: null, evidence: 0 }))).toEqual({
      short: 'new',
      full: 'Fact check: a.example: trust unknown (no evidence yet)',
    });
    expect(badgeText(badge({ blocked: true })).short).toBe('blocked');
    expect(badgeText(badge({ stance: 'contradicts', evidence: 1 })).full).toBe(
      'Fact check: a.example: trust 82% (1 check). The check found this result contradicts the answer.',
    );
  });

  it('writes page data as text only', () => {
    renderBadges([badge({ domain: '<img src=x onerror=alert(1)>' })], elementFor);
    expect(document.querySelector('img')).toBeNull();
  });
});
