/** Keys in storage.session, one place so writers and readers agree. */
export const captureStateKey = (tabId: number) => `capture:${tabId}`;
export const isCaptureStateKey = (key: string) => key.startsWith('capture:');
export const tabIdOfCaptureKey = (key: string) => Number(key.slice('capture:'.length));
export const runSnapshotKey = (tabId: number) => `run:${tabId}`;
export const isRunSnapshotKey = (key: string) => key.startsWith('run:');
