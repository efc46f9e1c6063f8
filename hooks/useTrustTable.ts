import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { request } from '@/lib/messaging/client';
import type { OverrideInput } from '@/lib/trust/store';
import { type TrustRow, TrustRowSchema } from '@/lib/trust/table';

export interface TrustTableControls {
  rows: TrustRow[] | null;
  /** The last failure, in words; cleared by the next success. */
  error: string | null;
  /** What the last import or reset did. */
  notice: string | null;
  setOverride(domain: string, override: OverrideInput | null): Promise<void>;
  reset(domain?: string): Promise<void>;
  importJson(json: string, mode: 'merge' | 'replace'): Promise<boolean>;
  exportJson(): Promise<string | null>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The per-site reliability table, through the background (which owns the store). */
export function useTrustTable(): TrustTableControls {
  const [rows, setRows] = useState<TrustRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setRows(z.array(TrustRowSchema).parse(await request({ type: 'get-trust-table' })));
    } catch (cause) {
      setError(messageOf(cause));
    }
  }, []);

  useEffect(() => {
    void load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && 'trust' in changes) void load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, [load]);

  /** Runs one change; says what failed instead of throwing into the page. */
  const attempt = useCallback(
    async <T>(task: () => Promise<T>, done?: (value: T) => string): Promise<T | null> => {
      try {
        const value = await task();
        setError(null);
        setNotice(done ? done(value) : null);
        await load();
        return value;
      } catch (cause) {
        setError(messageOf(cause));
        setNotice(null);
        return null;
      }
    },
    [load],
  );

  return {
    rows,
    error,
    notice,
    setOverride: async (domain, override) => {
      await attempt(() => request({ type: 'set-override', domain, override }));
    },
    reset: async (domain) => {
      await attempt(
        () => request({ type: 'reset-trust', ...(domain ? { domain } : {}) }),
        () => (domain ? `${domain} was reset.` : 'All site trust was reset.'),
      );
    },
    importJson: async (json, mode) =>
      (await attempt(
        () => request({ type: 'import-trust', json, mode }),
        ({ questions, overrides }) => `Imported ${questions} checks and ${overrides} overrides.`,
      )) !== null,
    exportJson: async () => (await attempt(() => request({ type: 'export-trust' })))?.json ?? null,
  };
}
