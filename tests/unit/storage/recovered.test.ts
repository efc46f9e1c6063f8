import { describe, expect, it } from 'vitest';
import { memoryArea } from '@/lib/storage/area';
import { settingsItem } from '@/lib/storage/items';
import { discardRecovered, listRecovered, recoveredExport } from '@/lib/storage/recovered';

describe('recovered values', () => {
  it('lists a value that was reset, exports it whole, and discards it on request', async () => {
    const broken = { v: 2, value: { trigger: 'sometimes' } };
    const area = memoryArea({ settings: broken });
    await settingsItem(area).get();
    const [recovered] = await listRecovered(area, ['settings', 'trust']);
    expect(recovered?.key).toBe('settings');
    expect(JSON.parse(recoveredExport(recovered ?? ({} as never))).value).toEqual(broken);
    await discardRecovered(area, 'settings');
    expect(await listRecovered(area, ['settings'])).toEqual([]);
  });
});
