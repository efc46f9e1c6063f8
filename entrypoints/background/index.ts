import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { ENGINE_READY_CHANNEL } from '@/lib/engine/endpoint';
import type { Engine } from '@/lib/engine/engine';
import { lazyEngine } from '@/lib/engine/lazy';
import { SERVICES_CHANNEL } from '@/lib/engine/services';
import { serveServiceCall } from '@/lib/engine/services-server';
import { callOn, respondLater } from '@/lib/messaging/message-rpc';
import { RUN_PORT } from '@/lib/messaging/run-port';
import { isExtensionPage, type SenderInfo } from '@/lib/messaging/sender';
import { browserServices } from './browser-services';
import { watchCommands, watchToolbarButton } from './commands';
import { watchCustomEngines } from './custom-engines';
import { forwardPageSettings, pageSettings, restrictLocalStorage } from './page-settings';
import { engineDocumentReady, engineDocumentUrl, remoteEngine } from './remote-engine';

/**
 * A thin router (Chrome evaluates this worker at every wake-up, so it stays small and free of full
 * zod): it checks who is asking, answers which engines are on, and hands everything else to the
 * engine (lib/engine), in the offscreen document in Chrome, in this background page in Firefox.
 */
const isPageSettingsQuestion = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && 'type' in raw && raw.type === 'get-page-settings';

const forbidden = {
  ok: false,
  error: { code: 'forbidden', message: 'This request is only accepted from the extension.', retryable: false },
} as const;

export default defineBackground({
  // A classic script, built alone: no chunk shared with the pages, so the worker evaluates only what it uses.
  main() {
    const own = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };
    const inline: Engine | undefined = import.meta.env.FIREFOX
      ? lazyEngine(() => import('./inline-engine').then(({ inlineEngine }) => inlineEngine(own)))
      : undefined;
    const engine = inline ?? remoteEngine();

    // Chrome opens the side panel from the toolbar button; Firefox uses its sidebar instead.
    browser.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
    void restrictLocalStorage();
    watchCustomEngines();
    forwardPageSettings();
    watchCommands(engine);
    watchToolbarButton();

    browser.runtime.onMessage.addListener((raw, sender, sendResponse) => {
      // The engine document: ready to be called, or borrowing this worker's storage, tabs and permissions (Chrome).
      if (sender.id === own.id && sender.url === engineDocumentUrl()) {
        if (callOn(ENGINE_READY_CHANNEL, raw)) return void engineDocumentReady();
        const service = callOn(SERVICES_CHANNEL, raw);
        if (service) return respondLater(serveServiceCall(service.call, browserServices), sendResponse);
        return undefined;
      }
      // Which engines are on: what every results page asks first, answered here without the engine.
      if (isPageSettingsQuestion(raw)) return respondLater(pageSettings(), sendResponse);
      const info: SenderInfo = { url: sender.url, tabId: sender.tab?.id, extensionId: sender.id };
      const tabId = sender.tab?.id;
      if (tabId !== undefined && !sender.url?.startsWith(own.origin)) {
        // Content scripts only report what their page shows; nothing they send is answered.
        void engine
          .contentMessage(raw, tabId, sender.url)
          .catch((error: unknown) => console.warn('capture not kept', error));
        return undefined;
      }
      if (!isExtensionPage(info, own.id, own.origin)) return respondLater(Promise.resolve(forbidden), sendResponse);
      return respondLater(engine.pageRequest(raw, info), sendResponse);
    });

    // Firefox: the engine lives in this page, so pages follow runs over ports to it. Chrome's worker
    // listens for no ports at all: a page's run port goes to the engine document alone, and closes
    // when that document goes away, which is what tells the page to reconnect.
    if (inline) {
      browser.runtime.onConnect.addListener((port) => {
        if (port.name !== RUN_PORT) return;
        if (port.sender?.id !== own.id || !port.sender.url?.startsWith(own.origin)) return port.disconnect();
        inline.watchRun(port);
      });
    }

    browser.tabs.onRemoved.addListener((tabId) => {
      void engine.tabRemoved(tabId).catch(() => undefined);
    });
  },
});
