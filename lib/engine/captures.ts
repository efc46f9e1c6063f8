import type { SerpCapture } from '../core/serp-capture';
import { ContentMessageSchema } from '../messaging/content-messages';
import { type CaptureState, CaptureStateSchema } from '../messaging/requests/capture';
import { toCapture } from '../serp/capture';
import type { StorageArea } from '../storage/area';
import { captureStateKey } from '../storage/session-keys';
import { storedBytes, type TabSessionStore } from './session-budget';

/**
 * The most one tab's capture may take in storage.session (10 MB in Chrome, shared by every tab); all
 * tabs together stay within `SESSION_BUDGET`, the least recently written giving way (`session-budget.ts`).
 */
export const TAB_SESSION_BUDGET = 250_000;

/** Fits a capture into the tab's budget: the answer box and the lowest-ranked results give way first. */
export function withinBudget(capture: SerpCapture, budget = TAB_SESSION_BUDGET): SerpCapture {
  // In bytes as the browser counts them: a page in Chinese takes up to three per character.
  const size = (value: SerpCapture) => storedBytes('', value);
  let fitted = capture;
  if (size(fitted) <= budget) return fitted;
  if (fitted.answerBox) {
    const { answerBox } = fitted;
    fitted = { ...fitted, answerBox: { ...answerBox, text: answerBox.text.slice(0, 2_000) } };
  }
  while (size(fitted) > budget && fitted.results.length > 1) {
    fitted = { ...fitted, results: fitted.results.slice(0, Math.ceil(fitted.results.length / 2)) };
  }
  if (size(fitted) > budget) {
    fitted = {
      ...fitted,
      results: fitted.results.map((result) => ({ ...result, snippet: result.snippet.slice(0, 500) })),
    };
  }
  return fitted;
}

/**
 * Captures live in storage.session (not in memory) so they outlast the engine and the worker alike;
 * content scripts cannot read it. Returns the new capture, or null when the message was refused or
 * reported a failure. `senderUrl` is the URL the browser gave for the sending tab.
 */
export async function onContentMessage(
  store: TabSessionStore,
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
    const capture = withinBudget(toCapture(message.engine, message.reading, new URL(message.url)));
    state =
      capture.results.length > 0
        ? { capture, failure: null }
        : { capture: null, failure: 'No search results could be read from this page.' };
  } else {
    state = { capture: null, failure: message.reason };
  }
  await store.write(tabId, { [captureStateKey(tabId)]: state });
  return state.capture;
}

export async function readCaptureState(session: StorageArea, tabId: number): Promise<CaptureState> {
  const key = captureStateKey(tabId);
  const parsed = CaptureStateSchema.safeParse((await session.get(key))[key]);
  return parsed.success ? parsed.data : { capture: null, failure: null };
}
