/** The part of a WebExtension storage area we rely on; Node tests pass an in-memory one. */
export interface StorageArea {
  /** null reads every key. */
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export function memoryArea(initial: Record<string, unknown> = {}): StorageArea & { dump(): Record<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(structuredClone(initial)));
  return {
    async get(keys) {
      const out: Record<string, unknown> = {};
      for (const key of keys === null ? data.keys() : Array.isArray(keys) ? keys : [keys]) {
        if (data.has(key)) out[key] = structuredClone(data.get(key));
      }
      return out;
    },
    async set(items) {
      for (const [key, value] of Object.entries(items)) data.set(key, structuredClone(value));
    },
    async remove(keys) {
      for (const key of Array.isArray(keys) ? keys : [keys]) data.delete(key);
    },
    dump: () => Object.fromEntries(data),
  };
}
