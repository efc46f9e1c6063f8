import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { request } from '@/lib/messaging/client';
import type { OverrideInput } from '@/lib/trust/store';
import { type TrustRow, TrustRowSchema } from '@/lib/trust/table';

const RowsSchema = z.record(z.string(), TrustRowSchema);

const TRUST_KEY = 'trust';

export interface TrustView {
  rows: Record<string, TrustRow>;
  error: string | null;
  setOverride(domain: string, override: OverrideInput | null): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The current trust of some sites, kept fresh when the store changes (a review, another page's edit). */
export function useTrust(domains: readonly string[]): TrustView {
  const [rows, setRows] = useState<Record<string, TrustRow>>({});
  const [error, setError] = useState<string | null>(null);
  const key = [...new Set(domains)].sort().join('\n');

  useEffect(() => {
    const wanted = key ? key.split('\n') : [];
    if (wanted.length === 0) return;
    let live = true;
    const load = () =>
      request({ type: 'get-trust', domains: wanted })
        .then((found) => {
          if (!live) return;
          setRows(RowsSchema.parse(found));
          setError(null);
        })
        .catch((cause: unknown) => live && setError(messageOf(cause)));
    void load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && TRUST_KEY in changes) void load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [key]);

  const setOverride = useCallback(async (domain: string, override: OverrideInput | null) => {
    try {
      const row = TrustRowSchema.parse(await request({ type: 'set-override', domain, override }));
      setRows((current) => ({ ...current, [domain]: row }));
      setError(null);
    } catch (cause) {
      setError(messageOf(cause));
    }
  }, []);

  return { rows, error, setOverride };
}
