import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import type { SerpCapture } from '@/lib/core/serp-capture';
import { PageRequestSchema } from '@/lib/messaging/protocol';
import { type HandlerMap, routePageRequest, type SenderInfo } from '@/lib/messaging/router';
import { shouldAutoRun } from '@/lib/runs/auto-run';
import { localArea, settings } from '@/lib/storage/browser-areas';
import { trustStore } from '@/lib/trust/store';
import { showCaptureBadges } from './badges';
import { captureHandlers, forgetTab, onContentMessage } from './captures';
import { watchCustomEngines } from './custom-engines';
import { modelHandlers } from './model-handlers';
import { forwardPageSettings, pageSettings, restrictLocalStorage } from './page-settings';
import { forgetRun, markInterruptedRuns, onRunPortConnect, runHandlers, setRunFinishedHook, startRun } from './runs';
import { recordCheck, trustHandlers } from './trust-handlers';

const handlers: HandlerMap = {
  ...captureHandlers,
  ...runHandlers,
  ...trustHandlers,
  ...modelHandlers,
};

/** After a capture: badges with what is known of each site, and a check when the person asked for auto-runs. */
async function afterCapture(tabId: number, capture: SerpCapture) {
  await showCaptureBadges(tabId, capture, await trustStore(localArea).lookup());
  const previous = await runHandlers['get-run'](
    { type: 'get-run', tabId },
    { url: undefined, tabId, extensionId: undefined },
  );
  const previousQuestion = previous?.events.find((event) => event.type === 'started')?.question;
  if (shouldAutoRun((await settings.get()).trigger, capture.query, previousQuestion)) await startRun(tabId);
}

const isPageSettingsQuestion = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && 'type' in raw && raw.type === 'get-page-settings';

export default defineBackground({
  type: 'module',
  main() {
    watchCustomEngines();
    // Chrome opens the side panel from the toolbar button; Firefox uses its sidebar instead.
    browser.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

    const own = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };
    void restrictLocalStorage();
    void markInterruptedRuns();
    forwardPageSettings();
    setRunFinishedHook(recordCheck);

    browser.runtime.onMessage.addListener((raw, sender) => {
      const info: SenderInfo = { url: sender.url, tabId: sender.tab?.id, extensionId: sender.id };
      const tabId = sender.tab?.id;
      if (tabId !== undefined && !sender.url?.startsWith(own.origin)) {
        // Content scripts only report, and may ask which engines are on; nothing else is answered.
        if (isPageSettingsQuestion(raw)) return pageSettings();
        void onContentMessage(raw, tabId, sender.url)
          .then((capture) => capture && afterCapture(tabId, capture))
          .catch((error: unknown) => console.warn('capture not kept', error));
        return undefined;
      }
      return routePageRequest(raw, info, handlers, own, PageRequestSchema);
    });

    browser.runtime.onConnect.addListener((port) => onRunPortConnect(port, own.origin));

    browser.tabs.onRemoved.addListener((tabId) => {
      forgetRun(tabId);
      void forgetTab(tabId);
    });
  },
});
