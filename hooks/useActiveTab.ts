import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

/**
 * The tab the panel speaks about: `?tabId=` when given (the panel opened as a page, as in tests),
 * otherwise the active tab of this window, followed as the person switches tabs.
 */
export function useActiveTab(): number | null {
  const pinned = Number(new URLSearchParams(location.search).get('tabId'));
  const [tabId, setTabId] = useState<number | null>(Number.isInteger(pinned) && pinned > 0 ? pinned : null);

  useEffect(() => {
    if (Number.isInteger(pinned) && pinned > 0) return;
    let windowId: number | undefined;
    const refresh = async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      windowId = tab?.windowId;
      setTabId(tab?.id ?? null);
    };
    const onActivated = (info: { tabId: number; windowId: number }) => {
      if (windowId === undefined || info.windowId === windowId) setTabId(info.tabId);
    };
    void refresh();
    browser.tabs.onActivated.addListener(onActivated);
    return () => browser.tabs.onActivated.removeListener(onActivated);
  }, [pinned]);

  return tabId;
}
