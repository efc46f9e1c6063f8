import { browser } from 'wxt/browser';
import { hostPermissionPattern } from '@/lib/core/host-permission';
import type { EngineServices } from '@/lib/engine/services';
import { TOOLBAR_LOOKS } from '@/lib/runs/toolbar-state';
import type { StorageArea } from '@/lib/storage/area';

const area = (name: 'local' | 'session'): StorageArea => ({
  get: (keys) => browser.storage[name].get(keys),
  set: (items) => browser.storage[name].set(items),
  remove: (keys) => browser.storage[name].remove(keys),
});

/** Chrome's MV3 `action`, Firefox's MV2 `browserAction`: the same calls. */
const toolbarButton = () => browser.action ?? browser.browserAction;

/** The engine's services from the background's own APIs (lent to the offscreen document in Chrome). */
export const browserServices: EngineServices = {
  local: area('local'),
  session: area('session'),
  async sendToTab(tabId, message) {
    await browser.tabs.sendMessage(tabId, message).catch(() => undefined);
  },
  async showToolbarState(tabId, state) {
    const look = TOOLBAR_LOOKS[state];
    const button = toolbarButton();
    // A tab that closed meanwhile is not an error: the state had nowhere to go.
    await Promise.all([
      button.setBadgeText({ tabId, text: look.text }),
      button.setBadgeBackgroundColor({ tabId, color: look.color }),
      button.setTitle({ tabId, title: look.title }),
    ]).catch(() => undefined);
  },
  async hasHostPermission(origin) {
    const pattern = hostPermissionPattern(origin);
    if (!pattern) return false;
    try {
      return await browser.permissions.contains({ origins: [pattern] });
    } catch {
      return false;
    }
  },
  async keepAlive() {
    await browser.runtime.getPlatformInfo();
  },
};
