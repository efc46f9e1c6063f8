import * as z from 'zod/mini';
import type { StorageArea } from './area';
import { SETTINGS_KEY, SETTINGS_VERSION } from './settings-version';

/**
 * The settings a results page may know (which engines are on, which instances were added), read
 * by the service worker without the full settings schema: it runs at every wake-up, where full zod
 * costs ~40 ms, so this reader is on zod/mini. The fields have kept their shape in every settings
 * version so far (tests/unit/storage/page-settings.test.ts compares it with the full reader).
 */
export const StoredPageSettingsSchema = z.object({
  disabledEngines: z._default(z.array(z.string()), []),
  customEngines: z._default(z.array(z.object({ engine: z.string(), pattern: z.string() })), []),
});
export type PageSettings = z.infer<typeof StoredPageSettingsSchema>;

const defaults = (): PageSettings => ({ disabledEngines: [], customEngines: [] });

/** What is stored under the settings key: a versioned envelope, or a bare value from before versions. */
function storedValue(stored: unknown): unknown {
  if (typeof stored === 'object' && stored !== null && 'v' in stored && 'value' in stored) {
    // A newer version than this build knows is not read (the full reader keeps it aside the same way).
    return typeof stored.v === 'number' && stored.v <= SETTINGS_VERSION ? stored.value : undefined;
  }
  return stored;
}

/** Which engines are on, from storage; anything unreadable means the defaults (all on, none added). */
export async function readPageSettings(area: StorageArea): Promise<PageSettings> {
  const value = storedValue((await area.get(SETTINGS_KEY))[SETTINGS_KEY]);
  const parsed = StoredPageSettingsSchema.safeParse(value ?? {});
  return parsed.success
    ? { disabledEngines: parsed.data.disabledEngines, customEngines: parsed.data.customEngines }
    : defaults();
}
