import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { localArea } from '@/lib/storage/browser-areas';
import { type TrustTrend, trustTrendItem } from '@/lib/trust/trend';

const trend = trustTrendItem(localArea);

/** Each site's trust over time, as the engine keeps it; current when a check or a review moves it. */
export function useTrustTrend(): TrustTrend {
  const [value, setValue] = useState<TrustTrend>({});
  useEffect(() => {
    const load = () => void trend.get().then(setValue, () => setValue({}));
    load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && trend.key in changes) load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);
  return value;
}
