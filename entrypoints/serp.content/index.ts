import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { defineContentScript } from 'wxt/utils/define-content-script';
import type { ContentMessage } from '@/lib/messaging/content-messages';
import type { ClaimMark } from '@/lib/messaging/tab-messages';
import { adapterForTab, DEFAULT_PAGE_SETTINGS, type PageSettings, pageSettingsFrom } from '@/lib/serp/page-settings';
import { outcomeSignature, readPage } from '@/lib/serp/read-page';
import { CONTENT_MATCHES } from '@/lib/serp/registry';
import { visibilityChecker } from '@/lib/serp/visibility';
import { clearBadges, renderBadges } from './badges';
import { clearClaimMarks, renderClaimMarks } from './claim-marks';
import { parseTabMessage } from './tab-message';
import { watchPage } from './watch-page';

/**
 * A script-built results page may still be empty at document_idle: "nothing to read" is only
 * reported if it is still true this long after the first try (a bot check is reported at once).
 */
const EMPTY_PAGE_GRACE_MS = 1_500;
const BADGE_TAG = 'FACTCHECK-BADGE';

/** Settings live where content scripts cannot read them; the background answers this one question. */
async function loadSettings(): Promise<PageSettings> {
  const reply: unknown = await browser.runtime.sendMessage({ type: 'get-page-settings' } satisfies ContentMessage);
  return pageSettingsFrom(reply);
}

/** Runs `work`, swallowing anything it throws: a broken reading must never break the page. */
function safely(work: () => void) {
  try {
    work();
  } catch (error) {
    console.debug('[fact-check] capture skipped', error);
  }
}

function send(message: ContentMessage) {
  // A background that is asleep or reloading is not the page's problem.
  browser.runtime.sendMessage(message).catch(() => undefined);
}

async function main(ctx: ContentScriptContext) {
  let settings = await loadSettings().catch(() => DEFAULT_PAGE_SETTINGS);
  let elements = new Map<string, Element>();
  // What was last sent, so that a page that did not change is not sent again.
  let lastSent = '';
  let graceOver = false;

  const capture = () =>
    safely(() => {
      const url = new URL(location.href);
      const adapter = adapterForTab(url, document, settings);
      if (!adapter) return;
      // Only what a person sees: layout is read afresh for every reading.
      const outcome = readPage(adapter, document, url, visibilityChecker(window));
      if ('reason' in outcome && !outcome.blocked && !graceOver) {
        graceOver = true;
        ctx.setTimeout(capture, EMPTY_PAGE_GRACE_MS);
        return;
      }
      // Always the latest elements: a re-rendered page keeps its URLs but not its nodes.
      if ('reading' in outcome) elements = new Map([...elements, ...outcome.elements]);
      const signature = outcomeSignature(url, outcome);
      if (signature === lastSent) return;
      lastSent = signature;
      if ('reading' in outcome) {
        send({ type: 'page-reading', engine: adapter.engine, url: url.href, reading: outcome.reading });
      } else {
        send({ type: 'capture-failed', engine: adapter.engine, url: url.href, reason: outcome.reason });
      }
    });

  const watch = watchPage(ctx, capture, (node) => node.nodeName === BADGE_TAG);
  // Pages that fade themselves in (an anti-flicker animation on body) change no DOM when they appear:
  // what a person sees changed, so read again.
  for (const type of ['animationend', 'transitionend'] as const) {
    ctx.addEventListener(document, type, () => watch.wake(), { capture: true, passive: true });
  }

  // The claim marks last asked for: badges follow their sentences when the window's width reflows the text.
  let claimMarks: ClaimMark[] = [];
  ctx.addEventListener(window, 'resize', () => safely(() => claimMarks.length > 0 && renderClaimMarks(claimMarks)), {
    passive: true,
  });

  ctx.addEventListener(window, 'wxt:locationchange', () =>
    safely(() => {
      // In-page navigation (Baidu, DuckDuckGo, Google): a new search, new elements, no old badges.
      elements = new Map();
      graceOver = false;
      clearBadges();
      clearClaimMarks();
      claimMarks = [];
      watch.wake();
    }),
  );

  const onTabMessage = (raw: unknown) => {
    safely(() => {
      const message = parseTabMessage(raw);
      if (message?.type === 'show-badges') {
        const visibility = visibilityChecker(window);
        renderBadges(message.badges, (url) => elements.get(url), visibility.isHidden);
      }
      if (message?.type === 'clear-badges') {
        clearBadges();
        clearClaimMarks();
        claimMarks = [];
      }
      if (message?.type === 'show-claim-marks') {
        claimMarks = message.marks;
        renderClaimMarks(claimMarks);
      }
      if (message?.type === 'page-settings') {
        settings = message.settings;
        lastSent = '';
        watch.wake();
      }
    });
    return undefined;
  };
  browser.runtime.onMessage.addListener(onTabMessage);
  ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onTabMessage));

  capture();
}

export default defineContentScript({
  matches: CONTENT_MATCHES,
  runAt: 'document_idle',
  main(ctx) {
    main(ctx).catch((error: unknown) => console.debug('[fact-check] content script stopped', error));
  },
});
