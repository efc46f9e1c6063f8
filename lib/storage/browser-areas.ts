import { browser } from 'wxt/browser';
import type { StorageArea } from './area';
import { apiKeysItem, settingsItem } from './items';

/** storage.local, the only place settings and keys are kept (never sync: keys must not leave the machine). */
export const localArea: StorageArea = {
  get: (keys) => browser.storage.local.get(keys),
  set: (items) => browser.storage.local.set(items),
  remove: (keys) => browser.storage.local.remove(keys),
};

export const settings = settingsItem(localArea);
export const apiKeys = apiKeysItem(localArea);
