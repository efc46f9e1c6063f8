import type { SerpCapture } from '../core/serp-capture';
import { ContentMessageSchema } from '../messaging/content-messages';
import { type CaptureState, CaptureStateSchema } from '../messaging/requests/capture';
import { toCapture } from '../serp/capture';
import type { StorageArea } from '../storage/area';
import { captureStateKey } from '../storage/session-keys';

/**
 * Captures live in storage.session (not in memory) so they outlast the engine and the worker alike;
 * content scripts cannot read it. Returns the new capture, or null when the message was refused or
 * reported a failure. `senderUrl` is the URL the browser gave for the sending tab.
 */
export async function onContentMessage(
  session: StorageArea,
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
  await session.set({ [captureStateKey(tabId)]: state });
  return state.capture;
}

export async function readCaptureState(session: StorageArea, tabId: number): Promise<CaptureState> {
  const key = captureStateKey(tabId);
  const parsed = CaptureStateSchema.safeParse((await session.get(key))[key]);
  return parsed.success ? parsed.data : { capture: null, failure: null };
}
