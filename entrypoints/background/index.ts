import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { PageRequestSchema } from '@/lib/messaging/protocol';
import { type HandlerMap, routePageRequest, type SenderInfo } from '@/lib/messaging/router';
import { captureHandlers, forgetTab, onContentMessage } from './captures';

const handlers: HandlerMap = {
  ...captureHandlers,
};

export default defineBackground({
  type: 'module',
  main() {
    // Chrome opens the side panel from the toolbar button; Firefox uses its sidebar instead.
    browser.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

    const own = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };

    browser.runtime.onMessage.addListener((raw, sender) => {
      const info: SenderInfo = { url: sender.url, tabId: sender.tab?.id, extensionId: sender.id };
      if (sender.tab && !sender.url?.startsWith(own.origin)) {
        // Content scripts only report; they get no answer and no privilege.
        void onContentMessage(raw, sender.tab.id, sender.url);
        return undefined;
      }
      return routePageRequest(raw, info, handlers, own, PageRequestSchema);
    });

    browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
  },
});
