import { browser } from 'wxt/browser';
import type { TabMessage } from '@/lib/messaging/tab-messages';
import { type PageSettings, readPageSettings } from '@/lib/storage/page-settings';
import { isCaptureStateKey, tabIdOfCaptureKey } from '@/lib/storage/session-keys';
import { SETTINGS_KEY } from '@/lib/storage/settings-version';
import { browserServices } from './browser-services';

/** What a content script may know of the settings: which engines are on. Nothing else. */
export const pageSettings = (): Promise<PageSettings> => readPageSettings(browserServices.local);

/**
 * Keys and settings are kept from content scripts: storage.local is limited to the extension's own
 * pages (Chrome 130+; Firefox has no such switch, its content scripts can read storage.local).
 */
export async function restrictLocalStorage() {
  const local = browser.storage.local as typeof browser.storage.local & {
    setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
  };
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
}

/** When the person switches engines on or off, open results pages hear of it at once. */
export function forwardPageSettings() {
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !(SETTINGS_KEY in changes)) return;
    void (async () => {
      const message: TabMessage = { type: 'page-settings', settings: await pageSettings() };
      const tabs = Object.keys(await browser.storage.session.get(null)).filter(isCaptureStateKey);
      for (const key of tabs) {
        await browser.tabs.sendMessage(tabIdOfCaptureKey(key), message).catch(() => undefined);
      }
    })();
  });
}
