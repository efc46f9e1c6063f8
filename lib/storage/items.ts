import { z } from 'zod';
import { type ApiKeys, ApiKeysSchema, defaultSettings, type Settings, SettingsSchema } from '../core/settings';
import type { StorageArea } from './area';
import { SETTINGS_KEY, SETTINGS_VERSION } from './settings-version';
import { defineItem, type VersionedItem } from './versioned-item';

export { SETTINGS_KEY, SETTINGS_VERSION } from './settings-version';

/** v1 stored the trigger as a boolean `autoRun`; v2 has a three-way trigger. */
const settingsMigrations = {
  2: (previous: unknown) => {
    if (typeof previous !== 'object' || previous === null) return previous;
    const { autoRun, ...rest } = previous as Record<string, unknown>;
    return { ...rest, trigger: autoRun === true ? 'automatic' : 'manual' };
  },
};

export const settingsItem = (area: StorageArea): VersionedItem<Settings> =>
  defineItem(area, {
    key: SETTINGS_KEY,
    schema: SettingsSchema,
    version: SETTINGS_VERSION,
    fallback: defaultSettings,
    migrations: settingsMigrations,
  });

export const apiKeysItem = (area: StorageArea): VersionedItem<ApiKeys> =>
  defineItem(area, { key: 'apiKeys', schema: ApiKeysSchema, version: 1, fallback: () => ({}) });

export const CorruptRecordSchema = z.object({ raw: z.unknown(), reason: z.string(), at: z.string() });
