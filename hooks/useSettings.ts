import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { Settings } from '@/lib/core/settings';
import { settings } from '@/lib/storage/browser-areas';

/** Settings as stored, kept current when another page changes them. */
export function useSettings(): [Settings | null, (change: (current: Settings) => Settings) => Promise<void>] {
  const [value, setValue] = useState<Settings | null>(null);
  useEffect(() => {
    void settings.get().then(setValue);
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && settings.key in changes) void settings.get().then(setValue);
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);
  const update = useCallback(async (change: (current: Settings) => Settings) => {
    setValue(await settings.update(change));
  }, []);
  return [value, update];
}
