import { describe, expect, it } from 'vitest';
import { TAB_SESSION_BUDGET } from '@/lib/engine/captures';
import { createEngine } from '@/lib/engine/engine';
import type { EngineServices } from '@/lib/engine/services';
import { SESSION_BUDGET, storedBytes, tabSessionStore } from '@/lib/engine/session-budget';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { LocalEngine } from '@/lib/llm/webllm/local-engine';
import { memoryArea, type StorageArea } from '@/lib/storage/area';

/** Chrome's storage.session: 10,485,760 bytes for every tab together; a write beyond it is refused. */
const CHROME_QUOTA = 10_485_760;
function quotaArea(quota = CHROME_QUOTA): StorageArea & { bytes(): number } {
  const inner = memoryArea();
  const sizes = new Map<string, number>();
  const bytes = () => [...sizes.values()].reduce((sum, size) => sum + size, 0);
  return {
    get: (keys) => inner.get(keys),
    async remove(keys) {
      for (const key of Array.isArray(keys) ? keys : [keys]) sizes.delete(key);
      await inner.remove(keys);
    },
    async set(items) {
      const added = Object.entries(items).map(([key, value]) => [key, storedBytes(key, value)] as const);
      const after = bytes() + added.reduce((sum, [key, size]) => sum + size - (sizes.get(key) ?? 0), 0);
      if (after > quota) throw new Error('Session storage quota bytes exceeded. Values were not stored.');
      for (const [key, size] of added) sizes.set(key, size);
      await inner.set(items);
    },
    bytes,
  };
}

const noLocalModel: LocalEngine = {
  gpuStatus: async () => ({ available: false, reason: 'none here', features: [], fallbackAdapter: false }),
  listModels: async () => [],
  load: async () => Promise.reject(new Error('no local model in this test')),
  chat: async () => Promise.reject(new Error('no local model in this test')),
  deleteCached: async () => undefined,
  unload: async () => undefined,
};

function engineOn(session: StorageArea) {
  const services: EngineServices = {
    local: memoryArea(),
    session,
    sendToTab: async () => undefined,
    hasHostPermission: async () => true,
    keepAlive: async () => undefined,
    showToolbarState: async () => undefined,
  };
  return createEngine(services, createModelHost(noLocalModel), { id: 'ext-id', origin: 'chrome-extension://ext-id/' });
}

/** A page filling every field to its cap: its capture takes all of its tab's 250 KB. */
const fullPage = (n: number) => {
  const url = `https://www.google.com/search?q=page+${n}`;
  return {
    url,
    message: {
      type: 'page-reading',
      engine: 'google',
      url,
      reading: {
        query: `page ${n}`,
        results: Array.from({ length: 47 }, (_, i) => ({
          title: `Result ${i}`,
          url: `https://site${i}.example/${n}`,
          snippet: `filler ${n} `.repeat(900),
        })),
        answerBox: { kind: 'featured-snippet', text: 'x'.repeat(1_000_000), sourceUrls: [] },
      },
    },
  };
};

describe('storage.session shared by every tab', () => {
  it('finding 7: forty-five full tabs cannot break capture in another tab; the least recently written give way', async () => {
    const session = quotaArea();
    const engine = engineOn(session);
    for (let tab = 1; tab <= 45; tab++) {
      const { url, message } = fullPage(tab);
      await engine.contentMessage(message, tab, url);
    }
    // Tab 3 is read again and written again (a new search there): it is no longer among the oldest.
    const again = fullPage(3);
    await engine.contentMessage(again.message, 3, again.url);
    const other = fullPage(100);
    await engine.contentMessage(other.message, 100, other.url);

    const stored = await session.get(null);
    expect(stored['capture:100']).toBeDefined();
    expect(storedBytes('capture:100', stored['capture:100'])).toBeGreaterThan(240_000);
    expect(session.bytes()).toBeLessThanOrEqual(SESSION_BUDGET);
    const kept = Object.keys(stored)
      .map((key) => Number(key.slice('capture:'.length)))
      .sort((a, b) => a - b);
    // Each full capture is close to 250 KB: about 30 fit in 8 MB; the oldest went, tab 3 and the newest stayed.
    expect(kept.length).toBeGreaterThanOrEqual(28);
    expect(kept).toContain(3);
    expect(kept).toContain(45);
    expect(kept).not.toContain(1);
    expect(kept).not.toContain(2);
    const evicted = Array.from({ length: 45 }, (_, i) => i + 1).filter((tab) => !kept.includes(tab));
    expect(Math.max(...evicted)).toBeLessThan(Math.min(...kept.filter((tab) => tab !== 3)));
  });

  it('the tab being written never gives way; what another writer left in the area is counted after a restart', async () => {
    const session = quotaArea();
    // Left by an earlier run of the engine: two big tabs, one older than the other.
    await session.set({
      'capture:1': { capture: { capturedAt: '2026-01-01T00:00:00.000Z' }, failure: 'x'.repeat(3_000_000) },
      'run:2': { events: [{ at: Date.parse('2026-01-02T00:00:00.000Z') }], pad: 'y'.repeat(3_000_000) },
    });
    const store = tabSessionStore(session, 5_000_000);
    await store.write(3, { 'capture:3': 'z'.repeat(1_500_000) });
    expect(Object.keys(await session.get(null)).sort()).toEqual(['capture:3', 'run:2']);
    // A tab larger than the whole budget on its own: every other tab goes, the writer's own keys stay.
    await store.write(3, { 'run:3': 'w'.repeat(4_000_000) });
    expect(Object.keys(await session.get(null)).sort()).toEqual(['capture:3', 'run:3']);
    // A key of no tab is never touched.
    await session.set({ 'check-limits': { all: [] } });
    await store.write(4, { 'capture:4': 'v'.repeat(100) });
    expect(Object.keys(await session.get(null))).toContain('check-limits');
  });

  it('a capture in a script of three bytes a character keeps to its 250 KB in bytes, not in characters', async () => {
    const session = quotaArea();
    const engine = engineOn(session);
    const { url, message } = fullPage(1);
    const wide = {
      ...message,
      reading: {
        ...message.reading,
        results: message.reading.results.map((result) => ({
          ...result,
          snippet: '事件发生在一九六三年。'.repeat(400),
        })),
      },
    };
    await engine.contentMessage(wide, 1, url);
    const stored = (await session.get('capture:1'))['capture:1'];
    expect(storedBytes('', stored)).toBeLessThanOrEqual(TAB_SESSION_BUDGET);
    expect(storedBytes('', stored)).toBeGreaterThan(TAB_SESSION_BUDGET / 3);
  });

  it('counts bytes as UTF-8, as the browser does', () => {
    expect(storedBytes('k', 'a')).toBe(4);
    expect(storedBytes('k', 'é')).toBe(5);
    expect(storedBytes('k', '€')).toBe(6);
    expect(storedBytes('k', '😀')).toBe(7);
  });
});
