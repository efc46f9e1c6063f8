import { browser } from 'wxt/browser';
import type { SerpCapture } from '@/lib/core/serp-capture';
import { ContentMessageSchema } from '@/lib/messaging/content-messages';
import { type CaptureState, CaptureStateSchema } from '@/lib/messaging/requests/capture';
import type { HandlerMap } from '@/lib/messaging/router';
import { toCapture } from '@/lib/serp/capture';
import { captureStateKey } from '@/lib/storage/session-keys';

/**
 * Captures live in storage.session (not in memory) so a service worker that was
 * stopped and woken again still knows each tab's results; content scripts cannot read it.
 * Returns the new capture, or null when the message was refused or reported a failure.
 */
export async function onContentMessage(
  raw: unknown,
  tabId: number,
  senderUrl: string | undefined,
): Promise<SerpCapture | null> {
  const parsed = ContentMessageSchema.safeParse(raw);
  if (!parsed.success || parsed.data.type === 'get-page-settings') return null;
  const message = parsed.data;
  // A content script may only report the page it is running in.
  if (!senderUrl || new URL(senderUrl).origin !== new URL(message.url).origin) return null;
  let state: CaptureState;
  if (message.type === 'page-reading') {
    const capture = toCapture(message.engine, message.reading, new URL(message.url));
    state =
      capture.results.length > 0
        ? { capture, failure: null }
        : { capture: null, failure: 'No search results could be read from this page.' };
  } else {
    state = { capture: null, failure: message.reason };
  }
  await browser.storage.session.set({ [captureStateKey(tabId)]: state });
  return state.capture;
}

export async function forgetTab(tabId: number) {
  await browser.storage.session.remove(captureStateKey(tabId));
}

export async function readCaptureState(tabId: number): Promise<CaptureState> {
  const key = captureStateKey(tabId);
  return parseCaptureState((await browser.storage.session.get(key))[key]);
}

export const captureHandlers: Pick<HandlerMap, 'get-capture'> = {
  'get-capture': ({ tabId }) => readCaptureState(tabId),
};

function parseCaptureState(stored: unknown): CaptureState {
  const parsed = CaptureStateSchema.safeParse(stored);
  return parsed.success ? parsed.data : { capture: null, failure: null };
}
