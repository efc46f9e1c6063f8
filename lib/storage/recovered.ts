import { z } from 'zod';
import type { StorageArea } from './area';
import { corruptKey } from './versioned-item';

/** A value that could not be read and was replaced by defaults; kept so the person can export it. */
export const RecoveredValueSchema = z.object({ raw: z.unknown(), reason: z.string(), at: z.string() });
export type RecoveredValue = z.infer<typeof RecoveredValueSchema> & { key: string; storageKey: string };

const PREFIX = corruptKey('');

export async function listRecovered(area: StorageArea, keys: readonly string[]): Promise<RecoveredValue[]> {
  const stored = await area.get(keys.map(corruptKey));
  return Object.entries(stored).flatMap(([storageKey, value]) => {
    const parsed = RecoveredValueSchema.safeParse(value);
    return parsed.success ? [{ ...parsed.data, key: storageKey.slice(PREFIX.length), storageKey }] : [];
  });
}

export async function discardRecovered(area: StorageArea, key: string): Promise<void> {
  await area.remove(corruptKey(key));
}

/** The file a person downloads: what was stored, why it could not be read, and when. */
export function recoveredExport(value: RecoveredValue): string {
  return JSON.stringify({ key: value.key, reason: value.reason, at: value.at, value: value.raw }, null, 2);
}
