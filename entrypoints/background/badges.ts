import { browser } from 'wxt/browser';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import type { TabMessage } from '@/lib/messaging/tab-messages';
import { badgesForCapture, badgesForVerdict } from '@/lib/runs/badges';
import { settings } from '@/lib/storage/browser-areas';
import type { TrustLookup } from '@/lib/trust/types';

async function send(tabId: number, message: TabMessage) {
  // The tab may have navigated away or closed; badges are a courtesy, never an error.
  await browser.tabs.sendMessage(tabId, message).catch(() => undefined);
}

export async function showCaptureBadges(tabId: number, capture: SerpCapture, lookup: TrustLookup) {
  if (!(await settings.get()).showBadges) return send(tabId, { type: 'clear-badges' });
  await send(tabId, { type: 'show-badges', badges: badgesForCapture(capture, lookup) });
}

export async function showVerdictBadges(tabId: number, verdict: Verdict, lookup: TrustLookup) {
  if (!(await settings.get()).showBadges) return send(tabId, { type: 'clear-badges' });
  await send(tabId, { type: 'show-badges', badges: badgesForVerdict(verdict, lookup) });
}
