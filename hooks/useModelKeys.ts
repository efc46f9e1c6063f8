import { useCallback, useEffect, useState } from 'react';
import type { ApiKeys, ProviderId } from '@/lib/core/settings';
import { apiKeys } from '@/lib/storage/browser-areas';

/** The stored API keys (options page only: no other page or script reads them). */
export function useModelKeys(): [ApiKeys | null, (provider: ProviderId, key: string) => Promise<void>] {
  const [keys, setKeys] = useState<ApiKeys | null>(null);
  useEffect(() => {
    void apiKeys.get().then(setKeys);
  }, []);
  const save = useCallback(async (provider: ProviderId, key: string) => {
    const trimmed = key.trim();
    const next = await apiKeys.update((current) => {
      const { [provider]: _old, ...rest } = current;
      return trimmed ? { ...rest, [provider]: trimmed } : rest;
    });
    setKeys(next);
  }, []);
  return [keys, save];
}
