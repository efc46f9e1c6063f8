import { z } from 'zod';
import type { StorageArea } from './area';

/** Migrations keyed by the version they produce: migrations[3] turns a v2 value into a v3 value. */
export type Migrations = Record<number, (previous: unknown) => unknown>;

export interface ItemDefinition<T> {
  key: string;
  schema: z.ZodType<T>;
  version: number;
  fallback: () => T;
  migrations?: Migrations;
}

interface Envelope {
  v: number;
  value: unknown;
}

const isEnvelope = (raw: unknown): raw is Envelope =>
  typeof raw === 'object' && raw !== null && 'v' in raw && typeof raw.v === 'number' && 'value' in raw;

/** Where a value that could not be read is kept, so nothing the person had is lost. */
export const corruptKey = (key: string) => `corrupt:${key}`;

export interface VersionedItem<T> {
  readonly key: string;
  get(): Promise<T>;
  set(value: T): Promise<void>;
  /** Read-modify-write, serialized with every other update of this item in this context. */
  update(change: (current: T) => T | Promise<T>): Promise<T>;
  reset(): Promise<void>;
}

/**
 * One storage key, validated on every read, migrated forward from older versions,
 * and reset to its fallback (keeping the broken value for export) when it is corrupt.
 */
export function defineItem<T>(area: StorageArea, definition: ItemDefinition<T>): VersionedItem<T> {
  const { key, schema, version, fallback, migrations = {} } = definition;
  let queue: Promise<unknown> = Promise.resolve();

  const keepCorrupt = async (raw: unknown, reason: string) => {
    await area.set({ [corruptKey(key)]: { raw, reason, at: new Date().toISOString() } });
  };

  const read = async (): Promise<T> => {
    const stored = (await area.get(key))[key];
    if (stored === undefined) return fallback();
    // Values written before versioning existed count as version 1.
    const envelope: Envelope = isEnvelope(stored) ? stored : { v: 1, value: stored };
    if (envelope.v > version) {
      await keepCorrupt(stored, `written by a newer version (${envelope.v} > ${version})`);
      return fallback();
    }
    let value = envelope.value;
    try {
      for (let target = envelope.v + 1; target <= version; target++) {
        const migrate = migrations[target];
        if (migrate) value = migrate(value);
      }
    } catch (error) {
      await keepCorrupt(stored, `migration failed: ${String(error)}`);
      return fallback();
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      await keepCorrupt(stored, z.prettifyError(parsed.error));
      const fresh = fallback();
      await write(fresh);
      return fresh;
    }
    if (envelope.v !== version) await write(parsed.data);
    return parsed.data;
  };

  const write = async (value: T) => {
    const checked = schema.parse(value);
    await area.set({ [key]: { v: version, value: checked } satisfies Envelope });
  };

  const serialized = <R>(task: () => Promise<R>): Promise<R> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    key,
    get: () => serialized(read),
    set: (value) => serialized(() => write(value)),
    update: (change) =>
      serialized(async () => {
        const next = await change(await read());
        await write(next);
        return next;
      }),
    reset: () => serialized(() => area.remove(key)),
  };
}
