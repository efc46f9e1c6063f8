import { browser } from 'wxt/browser';
import { isMatchPattern } from '@/lib/serp/match-pattern';
import { readPageSettings } from '@/lib/storage/page-settings';
import { SETTINGS_KEY } from '@/lib/storage/settings-version';
import { browserServices } from './browser-services';

/** One registration holds every instance host the person added (Settings.customEngines). */
const SCRIPT_ID = 'serp-custom-engines';
/** The built results content script (entrypoints/serp.content/). */
const SCRIPT_FILE = 'content-scripts/serp.js';

let queue: Promise<void> = Promise.resolve();

/** The person's instance patterns that have their host permission (granted in the options page). */
async function grantedPatterns(): Promise<string[]> {
  const patterns = [
    ...new Set((await readPageSettings(browserServices.local)).customEngines.map((entry) => entry.pattern)),
  ].filter(isMatchPattern);
  const granted: string[] = [];
  for (const pattern of patterns) {
    if (await browser.permissions.contains({ origins: [pattern] })) granted.push(pattern);
  }
  return granted;
}

/** Re-registers the content script on exactly the granted instance hosts (none: unregistered). */
async function sync(): Promise<void> {
  const scripting = browser.scripting;
  if (!scripting?.registerContentScripts) return;
  const matches = await grantedPatterns();
  const existing = await scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  if (existing.length > 0) await scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  if (matches.length === 0) return;
  await scripting.registerContentScripts([
    { id: SCRIPT_ID, matches, js: [SCRIPT_FILE], runAt: 'document_idle', persistAcrossSessions: true },
  ]);
}

/** Syncs one at a time: a settings change and a permission grant often arrive together. */
export function syncCustomEngines(): Promise<void> {
  queue = queue.then(sync).catch((error: unknown) => console.warn('custom search engines not registered', error));
  return queue;
}

/**
 * Keeps the registration in step with the settings and with the host permissions granted or removed.
 * Never throws: a browser without these APIs (or a test double) simply gets no custom engines.
 */
export function watchCustomEngines(): void {
  try {
    void syncCustomEngines();
    browser.storage.onChanged.addListener((changes, area) => {
      if (area === 'local' && SETTINGS_KEY in changes) void syncCustomEngines();
    });
    browser.permissions?.onAdded?.addListener(() => void syncCustomEngines());
    browser.permissions?.onRemoved?.addListener(() => void syncCustomEngines());
  } catch (error) {
    console.warn('custom search engines unavailable', error);
  }
}
