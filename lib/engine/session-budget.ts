import type { StorageArea } from '../storage/area';
import { tabIdOfSessionKey } from '../storage/session-keys';

/**
 * What all tabs' captures and run snapshots may take in storage.session together, in bytes of JSON.
 * Chrome allows 10 MB (10,485,760 bytes) for the whole area; the rest is headroom for the other keys
 * and for the browser's own accounting.
 */
export const SESSION_BUDGET = 8_000_000;

/** Writes of one tab's keys in storage.session that can never starve another tab's. */
export interface TabSessionStore {
  /**
   * Writes `items`, all keys of `tabId`. When they would take storage.session over its budget, the
   * least recently written other tabs lose their keys first; the tab being written never does.
   */
  write(tabId: number, items: Record<string, unknown>): Promise<void>;
  /** The tab's keys were removed (its tab closed). */
  forget(tabId: number): Promise<void>;
}

interface TabUsage {
  sizes: Map<string, number>;
  usedAt: number;
}

/** Bytes of the key and its value as JSON in UTF-8, as the browser counts them. */
export function storedBytes(key: string, value: unknown): number {
  return utf8Bytes(key) + utf8Bytes(JSON.stringify(value) ?? '');
}

function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Two bytes from U+0080, three from U+0800; a surrogate pair (4 bytes) is two units of 2.
    if (code >= 0x80) bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

/** When a tab's stored values were last written, read from them (after a restart of the engine). */
function writtenAt(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const record = value as { capture?: { capturedAt?: unknown } | null; events?: { at?: unknown }[] };
  const captured = Date.parse(typeof record.capture?.capturedAt === 'string' ? record.capture.capturedAt : '');
  const lastEvent = Array.isArray(record.events) ? record.events.at(-1)?.at : undefined;
  return Math.max(Number.isFinite(captured) ? captured : 0, typeof lastEvent === 'number' ? lastEvent : 0);
}

/**
 * The ledger of what each tab holds is read from storage.session once, then kept in memory; writes are
 * made one at a time so two tabs writing at once cannot both count on the same free space.
 */
export function tabSessionStore(
  session: StorageArea,
  budget = SESSION_BUDGET,
  now: () => number = Date.now,
): TabSessionStore {
  let ledger: Promise<Map<number, TabUsage>> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const load = async () => {
    const usage = new Map<number, TabUsage>();
    for (const [key, value] of Object.entries(await session.get(null))) {
      const tabId = tabIdOfSessionKey(key);
      if (tabId === null) continue;
      const tab = usage.get(tabId) ?? { sizes: new Map(), usedAt: 0 };
      tab.sizes.set(key, storedBytes(key, value));
      tab.usedAt = Math.max(tab.usedAt, writtenAt(value));
      usage.set(tabId, tab);
    }
    return usage;
  };

  const total = (usage: Map<number, TabUsage>) => {
    let sum = 0;
    for (const tab of usage.values()) for (const size of tab.sizes.values()) sum += size;
    return sum;
  };

  /** Removes other tabs' keys, least recently written first, until `needed` more bytes fit (or none is left). */
  const evict = async (usage: Map<number, TabUsage>, keep: number, needed: number) => {
    const others = [...usage.entries()].filter(([tabId]) => tabId !== keep).sort((a, b) => a[1].usedAt - b[1].usedAt);
    const removed: string[] = [];
    let used = total(usage);
    for (const [tabId, tab] of others) {
      if (used + needed <= budget) break;
      for (const [key, size] of tab.sizes) {
        removed.push(key);
        used -= size;
      }
      usage.delete(tabId);
    }
    if (removed.length > 0) await session.remove(removed);
  };

  const write = async (tabId: number, items: Record<string, unknown>) => {
    ledger ??= load();
    const usage = await ledger;
    const tab = usage.get(tabId) ?? { sizes: new Map<string, number>(), usedAt: 0 };
    usage.set(tabId, tab);
    const sizes = Object.entries(items).map(([key, value]) => [key, storedBytes(key, value)] as const);
    // What the tab's new values add to what is stored, its old values of the same keys given back.
    const added = sizes.reduce((sum, [key, size]) => sum + size - (tab.sizes.get(key) ?? 0), 0);
    await evict(usage, tabId, added);
    try {
      await session.set(items);
    } catch {
      // Counted differently by the browser (or written by someone else): every other tab gives way, once.
      await evict(usage, tabId, Number.POSITIVE_INFINITY);
      await session.set(items);
    }
    for (const [key, size] of sizes) tab.sizes.set(key, size);
    tab.usedAt = now();
  };

  return {
    write(tabId, items) {
      const done = queue.then(() => write(tabId, items));
      queue = done.catch(() => undefined);
      return done;
    },
    forget(tabId) {
      const done = queue.then(async () => (await ledger)?.delete(tabId));
      queue = done.catch(() => undefined);
      return done.then(() => undefined);
    },
  };
}
