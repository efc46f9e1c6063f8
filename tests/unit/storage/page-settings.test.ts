import { describe, expect, it } from 'vitest';
import { memoryArea } from '@/lib/storage/area';
import { settingsItem } from '@/lib/storage/items';
import { readPageSettings } from '@/lib/storage/page-settings';

const custom = [{ engine: 'searxng', pattern: 'https://search.example.org/*' }];

/** What the full settings reader (zod, migrations) says of the two fields, for the same stored value. */
async function fullReader(stored: unknown) {
  const area = memoryArea(stored === undefined ? {} : { settings: stored });
  const { disabledEngines, customEngines } = await settingsItem(area).get();
  return { disabledEngines, customEngines };
}

describe("the worker's reader of which engines are on", () => {
  const cases: [string, unknown][] = [
    ['nothing stored', undefined],
    ['current version', { v: 2, value: { disabledEngines: ['bing'], customEngines: custom, trigger: 'manual' } }],
    ['a v1 value (autoRun) is read the same', { v: 1, value: { disabledEngines: ['yandex'], autoRun: true } }],
    ['a value from before versions', { disabledEngines: ['baidu'], customEngines: custom }],
    ['a corrupt value means the defaults', { v: 2, value: { disabledEngines: 'bing' } }],
    ['a value from a newer version is not read', { v: 99, value: { disabledEngines: ['bing'] } }],
    ['not an object at all', 'garbage'],
  ];
  it.each(cases)('%s: agrees with the full settings reader', async (_name, stored) => {
    const area = memoryArea(stored === undefined ? {} : { settings: stored });
    expect(await readPageSettings(area)).toEqual(await fullReader(stored));
  });

  it('never writes: a corrupt value is left for the full reader to keep aside', async () => {
    const area = memoryArea({ settings: { v: 2, value: { disabledEngines: 'bing' } } });
    await readPageSettings(area);
    expect(Object.keys(area.dump())).toEqual(['settings']);
  });
});
