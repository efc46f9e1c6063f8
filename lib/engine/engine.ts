import type { SerpCapture } from '../core/serp-capture';
import type { Verdict } from '../core/verdict';
import { historyDb, saveCheck } from '../history/db';
import type { ModelHost } from '../llm/host/model-host';
import type { PortLike } from '../messaging/port';
import { PageRequestSchema, type Reply } from '../messaging/protocol';
import { type HandlerMap, routePageRequest, type SenderInfo } from '../messaging/router';
import { shouldAutoRun } from '../runs/auto-run';
import { toolbarStateOfRun } from '../runs/toolbar-state';
import { captureStateKey } from '../storage/session-keys';
import { showBadges } from './badges';
import { onContentMessage, readCaptureState } from './captures';
import { engineContext } from './context';
import { modelHandlers } from './model-handlers';
import { createRunHost } from './runs';
import type { EngineServices } from './services';
import { trustHandlers } from './trust-handlers';

/**
 * Everything the extension does beyond routing messages: captures, runs, models, trust and history.
 * It lives where its script is evaluated once, not at every wake-up of a service worker: an offscreen
 * document in Chrome, the background page in Firefox. Its callers check senders before calling it.
 */
export interface Engine {
  /** A request from one of the extension's pages (the router checks the sender again and validates it). */
  pageRequest(raw: unknown, sender: SenderInfo): Promise<Reply<unknown>>;
  /** A reading from a results tab's content script; `url` is the tab's URL as the browser gave it. */
  contentMessage(raw: unknown, tabId: number, url: string | undefined): Promise<void>;
  /** A page's run port, its sender already checked. */
  watchRun(port: PortLike): void;
  tabRemoved(tabId: number): Promise<void>;
  /** The person's shortcut: check the tab's results now (nothing captured there is not an error). */
  checkTab(tabId: number): Promise<void>;
}

/**
 * Keeps a finished check in the history (IndexedDB, shared with the side panel). A check saved again
 * (an answer box's claims added to it) may give back its verdict as stored, reviews applied.
 */
export type RecordCheck = (
  checkId: string,
  capture: SerpCapture,
  verdict: Verdict,
) => Promise<Verdict | undefined> | Promise<void>;
const saveToHistory: RecordCheck = (checkId, capture, verdict) => saveCheck(historyDb(), checkId, capture, verdict);

export function createEngine(
  services: EngineServices,
  models: ModelHost,
  own: { id: string; origin: string },
  recordCheck: RecordCheck = saveToHistory,
): Engine {
  const context = engineContext(services, models);
  const runs = createRunHost(context, recordCheck);
  const handlers: HandlerMap = {
    'get-capture': ({ tabId }) => readCaptureState(services.session, tabId),
    ...runs.handlers,
    ...trustHandlers(context),
    ...modelHandlers(context),
  };

  /**
   * After a capture: badges with what is known of each site (with the stances and claim marks of the
   * tab's finished check when it checked this question), and a check when the person asked for auto-runs.
   */
  const afterCapture = async (tabId: number, capture: SerpCapture) => {
    const previous = await runs.handlers['get-run'](
      { type: 'get-run', tabId },
      { url: undefined, tabId, extensionId: undefined },
    );
    const previousQuestion = previous?.events.find((event) => event.type === 'started')?.question;
    // The same question read again (an AI Overview that streamed in or was expanded, a reload): the
    // check's findings stay on the page, as its state stays on the toolbar.
    const final = previousQuestion === capture.query ? previous?.events.findLast((e) => e.type === 'final') : undefined;
    const from = final?.type === 'final' ? { verdict: final.verdict } : { capture };
    await showBadges(context, tabId, from, await context.trust.lookup());
    // The browser clears the toolbar when a tab loads a page: the same question again gets its state
    // back; a new question in the same document (a page that searches without loading) loses the old one.
    if (previous && previousQuestion !== undefined) {
      const state = previousQuestion === capture.query ? toolbarStateOfRun(previous) : 'none';
      await context.services.showToolbarState(tabId, state).catch(() => undefined);
    }
    if (shouldAutoRun((await context.settings.get()).trigger, capture.query, previousQuestion)) {
      await runs.startRun(tabId, 'auto', 'automatic');
    } else {
      // The same question with an answer box its check did not have (an AI Overview that streamed in).
      await runs.checkLateAnswerBox(tabId);
    }
  };

  return {
    pageRequest: (raw, sender) => routePageRequest(raw, sender, handlers, own, PageRequestSchema),
    async contentMessage(raw, tabId, url) {
      const capture = await onContentMessage(context.tabSession, raw, tabId, url);
      if (capture) await afterCapture(tabId, capture);
    },
    watchRun: (port) => runs.watch(port),
    async checkTab(tabId) {
      if ((await readCaptureState(services.session, tabId)).capture) await runs.startRun(tabId);
    },
    async tabRemoved(tabId) {
      await runs.forget(tabId);
      await services.session.remove(captureStateKey(tabId));
      await context.tabSession.forget(tabId);
    },
  };
}
