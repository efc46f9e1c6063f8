import type { Badge } from '@/lib/messaging/tab-messages';

/**
 * Trust badges beside each result and a mark on contradicted ones. Runs in every results page:
 * no React, no zod, text only (page data never goes through innerHTML). Each badge lives in a
 * closed shadow root, so the page's CSS cannot restyle it, and its host is absolutely positioned
 * at its static place, so it takes no room in the result's layout: nothing on the page moves.
 *
 * The page must learn nothing of what the person trusts, blocked, reviewed or checked: the host
 * carries no attribute, text or size of its own (0×0, the same style for every badge), everything
 * said is inside the closed root, every pill is one fixed size whatever it says, and it ignores the
 * pointer, so hit-testing the page cannot measure it either. A result the page hides gets no badge.
 */

const HOST_TAG = 'factcheck-badge';
const drawn = new Set<Element>();

const COLORS = {
  high: { fg: '#ffffff', bg: '#1a7f37' },
  medium: { fg: '#1b1f24', bg: '#e3b341' },
  low: { fg: '#ffffff', bg: '#b3261e' },
  unknown: { fg: '#1b1f24', bg: '#d0d7de' },
  blocked: { fg: '#ffffff', bg: '#57606a' },
} as const;

type Level = keyof typeof COLORS;

function levelOf(badge: Badge): Level {
  if (badge.blocked) return 'blocked';
  if (badge.trust === null) return 'unknown';
  if (badge.trust >= 0.7) return 'high';
  if (badge.trust >= 0.4) return 'medium';
  return 'low';
}

/** What the badge says, short, and what it says in full (tooltip and screen readers). */
export function badgeText(badge: Badge): { short: string; full: string } {
  const trust = badge.trust === null ? null : Math.round(badge.trust * 100);
  const evidence =
    badge.evidence === 0 ? 'no evidence yet' : `${badge.evidence} check${badge.evidence === 1 ? '' : 's'}`;
  const short = badge.blocked ? 'blocked' : trust === null ? 'new' : `${trust}%`;
  const site = badge.blocked
    ? `${badge.domain}: blocked by you, left out of checks`
    : `${badge.domain}: trust ${trust === null ? 'unknown' : `${trust}%`} (${evidence})`;
  const stance =
    badge.stance === 'contradicts'
      ? '. The check found this result contradicts the answer.'
      : badge.stance === 'supports'
        ? '. Supports the answer.'
        : '';
  return { short, full: `Fact check: ${site}${stance}` };
}

/** Each pill is one fixed width, whatever it says, so its size tells nothing (not even to hit-testing). */
const PILL_WIDTH_PX = 58;
const MARK_WIDTH_PX = 108;

function pill(text: string, colors: { fg: string; bg: string }, width = PILL_WIDTH_PX): HTMLSpanElement {
  const span = document.createElement('span');
  span.textContent = text;
  span.style.cssText = [
    'display:inline-block',
    'box-sizing:border-box',
    `width:${width}px`,
    'height:16px',
    'line-height:16px',
    'padding:0 4px',
    'margin-left:4px',
    'border-radius:8px',
    'font:600 11px/16px system-ui,sans-serif',
    'text-align:center',
    'white-space:nowrap',
    'overflow:hidden',
    'text-overflow:ellipsis',
    'vertical-align:top',
    `color:${colors.fg}`,
    `background:${colors.bg}`,
  ].join(';');
  return span;
}

/** The same for every badge: nothing here may depend on what the badge says. */
const HOST_STYLE =
  'all:initial;position:absolute;display:inline-block;width:0;height:0;margin:0;padding:0;overflow:visible;z-index:1;pointer-events:none;vertical-align:middle';

function makeBadge(badge: Badge): HTMLElement {
  const host = document.createElement(HOST_TAG);
  // Out of flow at its static position: visible right after the title, zero effect on layout.
  host.style.cssText = HOST_STYLE;
  const { short, full } = badgeText(badge);
  const root = host.attachShadow({ mode: 'closed' });
  // Two pills, always: the second is blank unless the result was found to contradict the answer.
  const group = document.createElement('span');
  group.setAttribute('role', 'img');
  group.setAttribute('aria-label', full);
  group.title = full;
  group.style.cssText = 'display:inline-block;white-space:nowrap;width:max-content';
  const contradicted = badge.stance === 'contradicts';
  const mark = pill(
    contradicted ? '✕ contradicted' : '',
    { fg: '#ffffff', bg: contradicted ? '#b3261e' : 'transparent' },
    MARK_WIDTH_PX,
  );
  group.append(pill(short, COLORS[levelOf(badge)]), mark);
  root.append(group);
  return host;
}

export function clearBadges(): void {
  for (const host of drawn) host.remove();
  drawn.clear();
}

const TITLE_SELECTOR = 'h1, h2, h3, h4, [role="heading"]';

/** Where the badge goes: the result's title (its heading, else its first link), or the element itself. */
function titleOf(result: Element): Element {
  if (result.matches(TITLE_SELECTOR)) return result;
  return result.querySelector(TITLE_SELECTOR) ?? result.querySelector('a[href]') ?? result;
}

/**
 * Draws one badge per result beside its title (replacing any drawn before). `elementFor` may give the
 * result's container or its title; results the page no longer has, or now hides, are skipped.
 */
export function renderBadges(
  badges: readonly Badge[],
  elementFor: (url: string) => Element | undefined,
  isHidden: (element: Element) => boolean = () => false,
): void {
  clearBadges();
  for (const badge of badges) {
    const result = elementFor(badge.url);
    if (!result || isHidden(result) || !result.isConnected) continue;
    const host = makeBadge(badge);
    titleOf(result).append(host);
    drawn.add(host);
  }
}
