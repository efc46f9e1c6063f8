import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { request } from '@/lib/messaging/client';
import type { CaptureState } from '@/lib/messaging/requests/capture';
import { captureStateKey } from '@/lib/storage/session-keys';

export type CaptureView =
  | { status: 'loading' }
  | { status: 'ready'; state: CaptureState }
  | { status: 'error'; message: string };

/** The latest capture of a tab, refreshed whenever the content script reports a new one. */
export function useCapture(tabId: number | null): CaptureView {
  const [view, setView] = useState<CaptureView>({ status: 'loading' });

  useEffect(() => {
    if (tabId === null) return;
    let live = true;
    const load = () =>
      request({ type: 'get-capture', tabId })
        .then((state) => live && setView({ status: 'ready', state }))
        .catch(
          (error: unknown) =>
            live && setView({ status: 'error', message: String(error instanceof Error ? error.message : error) }),
        );
    void load();
    const key = captureStateKey(tabId);
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'session' && key in changes) void load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [tabId]);

  return view;
}
