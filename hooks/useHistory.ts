import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { getCheck, historyDb, reviewQueue, searchChecks } from '@/lib/history/db';
import type { CheckRecord } from '@/lib/history/entry';

export interface HistoryList {
  records: CheckRecord[];
  loading: boolean;
  error: string | null;
}

/**
 * Past checks matching a search (or, with `queue`, those with conflicts or claims nobody has reviewed), newest
 * first, kept live: Dexie tells every open page of the extension when the engine commits a check or
 * a review, so a check that finishes while the list is shown appears in it.
 */
export function useHistory(query: string, options: { queue?: boolean } = {}): HistoryList {
  const [records, setRecords] = useState<CheckRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const queue = options.queue ?? false;

  useEffect(() => {
    setLoading(true);
    let subscription: { unsubscribe(): void } | undefined;
    // Searching on every keystroke: wait until typing pauses.
    const timer = setTimeout(() => {
      const live = liveQuery(() => (queue ? reviewQueue(historyDb()) : searchChecks(historyDb(), query)));
      subscription = live.subscribe({
        next(found) {
          setRecords(found);
          setError(null);
          setLoading(false);
        },
        error(cause: unknown) {
          setError(cause instanceof Error ? cause.message : String(cause));
          setLoading(false);
        },
      });
    }, 150);
    return () => {
      clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [query, queue]);

  return { records, loading, error };
}

/** One past check by id; `undefined` while loading, `null` when it is not in the history. */
export function useCheck(id: string | null): [CheckRecord | null | undefined, (record: CheckRecord) => void] {
  const [record, setRecord] = useState<CheckRecord | null | undefined>(undefined);
  useEffect(() => {
    if (id === null) {
      setRecord(null);
      return;
    }
    let live = true;
    setRecord(undefined);
    void getCheck(historyDb(), id)
      .then((found) => live && setRecord(found ?? null))
      .catch(() => live && setRecord(null));
    return () => {
      live = false;
    };
  }, [id]);
  return [record, setRecord];
}
