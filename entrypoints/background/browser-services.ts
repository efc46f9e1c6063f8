import { browser } from 'wxt/browser';
import { hostPermissionPattern } from '@/lib/core/host-permission';
import type { EngineServices } from '@/lib/engine/services';
import type { StorageArea } from '@/lib/storage/area';

const area = (name: 'local' | 'session'): StorageArea => ({
  get: (keys) => browser.storage[name].get(keys),
  set: (items) => browser.storage[name].set(items),
  remove: (keys) => browser.storage[name].remove(keys),
});

/** The engine's services from the background's own APIs (lent to the offscreen document in Chrome). */
export const browserServices: EngineServices = {
  local: area('local'),
  session: area('session'),
  async sendToTab(tabId, message) {
    await browser.tabs.sendMessage(tabId, message).catch(() => undefined);
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
