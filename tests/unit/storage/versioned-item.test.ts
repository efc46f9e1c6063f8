import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/core/settings';
import { memoryArea } from '@/lib/storage/area';
import { SETTINGS_VERSION, settingsItem } from '@/lib/storage/items';
import { corruptKey } from '@/lib/storage/versioned-item';

describe('settings item', () => {
  it('returns defaults when nothing is stored', async () => {
    expect(await settingsItem(memoryArea()).get()).toEqual(defaultSettings());
  });

  it('migrates a v1 value (boolean autoRun) to the current version and writes it back', async () => {
    const area = memoryArea({ settings: { v: 1, value: { autoRun: true, showBadges: false } } });
    const value = await settingsItem(area).get();
    expect(value.trigger).toBe('automatic');
    expect(value.showBadges).toBe(false);
    expect(area.dump().settings).toMatchObject({ v: SETTINGS_VERSION, value: { trigger: 'automatic' } });
  });

  it('treats an unversioned raw value as v1', async () => {
    const area = memoryArea({ settings: { autoRun: false } });
    expect((await settingsItem(area).get()).trigger).toBe('manual');
  });

  it('resets a corrupted value to defaults and keeps the broken value for export', async () => {
    const broken = { v: SETTINGS_VERSION, value: { concurrency: 'lots', trigger: 42 } };
    const area = memoryArea({ settings: broken });
    expect(await settingsItem(area).get()).toEqual(defaultSettings());
    const kept = area.dump()[corruptKey('settings')] as { raw: unknown; reason: string };
    expect(kept.raw).toEqual(broken);
    expect(kept.reason).toMatch(/concurrency|trigger/);
  });

  it('keeps a value written by a newer version instead of destroying it', async () => {
    const future = { v: SETTINGS_VERSION + 5, value: { something: 'new' } };
    const area = memoryArea({ settings: future });
    expect(await settingsItem(area).get()).toEqual(defaultSettings());
    expect((area.dump()[corruptKey('settings')] as { raw: unknown }).raw).toEqual(future);
    expect(area.dump().settings).toEqual(future);
  });

  it('serializes concurrent updates so none is lost', async () => {
    const item = settingsItem(memoryArea());
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        item.update((s) => ({ ...s, disabledEngines: [...s.disabledEngines, `e${i}`] })),
      ),
    );
    expect((await item.get()).disabledEngines).toHaveLength(10);
  });

  it('refuses to write an invalid value', async () => {
    const item = settingsItem(memoryArea());
    await expect(item.set({ ...defaultSettings(), concurrency: -1 })).rejects.toThrow();
    expect(await item.get()).toEqual(defaultSettings());
  });
});
