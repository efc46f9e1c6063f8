/** Keys in storage.session, one place so writers and readers agree. */
export const captureStateKey = (tabId: number) => `capture:${tabId}`;
export const isCaptureStateKey = (key: string) => key.startsWith('capture:');
export const tabIdOfCaptureKey = (key: string) => Number(key.slice('capture:'.length));
export const runSnapshotKey = (tabId: number) => `run:${tabId}`;
export const isRunSnapshotKey = (key: string) => key.startsWith('run:');
/** The counts of rate-limited checks (lib/runs/rate-limit.ts), kept across restarts of the engine. */
export const CHECK_LIMITS_KEY = 'check-limits';

/** The tab a key of storage.session belongs to, or null for a key of no tab. */
export function tabIdOfSessionKey(key: string): number | null {
  const match = /^(?:capture|run):(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}
