import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/** Results arrive in bursts (continuous scroll, "more results"): read once the page has been still this long. */
const SETTLE_MS = 400;
/** Nothing changed and nobody acted for this long: stop observing until the person scrolls, clicks or types. */
const IDLE_MS = 60_000;
const ACTIVITY_EVENTS = ['scroll', 'click', 'keydown'] as const;
/** Scroll fires many times a second; the idle clock is reset at most this often. */
const ACTIVITY_THROTTLE_MS = 1_000;

export interface PageWatch {
  /** Read again soon (after the page settles), observing again if asleep. */
  wake(): void;
}

/**
 * Calls `onSettled` after the page's DOM stops changing. Sleeps (observer disconnected) while the tab
 * is hidden or idle; everything is released when the content script is invalidated.
 */
export function watchPage(
  ctx: ContentScriptContext,
  onSettled: () => void,
  isOwnNode: (node: Node) => boolean,
): PageWatch {
  let settleTimer: number | undefined;
  let idleTimer: number | undefined;
  let observing = false;
  let lastActivity = 0;

  const settle = () => {
    clearTimeout(settleTimer);
    settleTimer = ctx.setTimeout(onSettled, SETTLE_MS);
  };
  const stop = () => {
    observer.disconnect();
    observing = false;
    clearTimeout(settleTimer);
    clearTimeout(idleTimer);
  };
  const resetIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = ctx.setTimeout(stop, IDLE_MS);
  };
  // Our own badges are mutations too; they must not trigger a re-read.
  const isOwnRecord = (record: MutationRecord) =>
    [...record.addedNodes, ...record.removedNodes].every((node) => isOwnNode(node));
  const observer = new MutationObserver((records) => {
    if (records.every(isOwnRecord)) return;
    resetIdle();
    settle();
  });
  const start = () => {
    if (observing || document.hidden || ctx.isInvalid) return;
    observer.observe(document.body ?? document.documentElement, { childList: true, subtree: true });
    observing = true;
    resetIdle();
  };
  const onActivity = () => {
    const now = Date.now();
    if (observing && now - lastActivity < ACTIVITY_THROTTLE_MS) return;
    lastActivity = now;
    if (observing) resetIdle();
    else wake();
  };
  const wake = () => {
    start();
    settle();
  };

  ctx.addEventListener(document, 'visibilitychange', () => (document.hidden ? stop() : wake()));
  for (const type of ACTIVITY_EVENTS) {
    ctx.addEventListener(window, type, onActivity, { passive: true, capture: true });
  }
  ctx.onInvalidated(stop);
  start();
  return { wake };
}
