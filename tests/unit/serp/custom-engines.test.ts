import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomEngine } from '@/lib/core/settings';

/** A stand-in for the browser APIs the registration uses, recording what it registers. */
const state = vi.hoisted(() => ({
  engines: [] as CustomEngine[],
  granted: new Set<string>(),
  registered: [] as { id: string; matches: string[]; js: string[] }[],
}));

vi.mock('wxt/browser', () => ({
  browser: {
    permissions: {
      contains: async ({ origins }: { origins: string[] }) => origins.every((origin) => state.granted.has(origin)),
    },
    scripting: {
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) =>
        state.registered.filter((script) => ids.includes(script.id)),
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        state.registered = state.registered.filter((script) => !ids.includes(script.id));
      },
      registerContentScripts: async (scripts: { id: string; matches: string[]; js: string[] }[]) => {
        state.registered.push(...scripts);
      },
    },
  },
}));
vi.mock('@/entrypoints/background/browser-services', () => ({
  browserServices: {
    local: { get: async () => ({ settings: { v: 2, value: { customEngines: state.engines } } }) },
  },
}));

const { syncCustomEngines } = await import('@/entrypoints/background/custom-engines');

describe('custom engine registration', () => {
  beforeEach(() => {
    state.engines = [];
    state.granted = new Set();
    state.registered = [];
  });

  it('registers the results reader on granted instance hosts only', async () => {
    state.engines = [
      { engine: 'searxng', pattern: 'https://searx.example.org/*' },
      { engine: 'searxng', pattern: 'https://not-granted.example.org/*' },
      { engine: 'searxng', pattern: 'not a pattern' },
    ];
    state.granted = new Set(['https://searx.example.org/*', 'not a pattern']);
    await syncCustomEngines();
    expect(state.registered).toEqual([
      expect.objectContaining({ matches: ['https://searx.example.org/*'], js: ['content-scripts/serp.js'] }),
    ]);
  });

  it('replaces the registration when the list changes, and removes it when empty', async () => {
    state.engines = [{ engine: 'searxng', pattern: 'https://a.example.org/*' }];
    state.granted = new Set(['https://a.example.org/*', 'https://b.example.org/*']);
    await syncCustomEngines();
    state.engines = [{ engine: 'google', pattern: 'https://b.example.org/*' }];
    await syncCustomEngines();
    expect(state.registered.map((script) => script.matches)).toEqual([['https://b.example.org/*']]);
    state.engines = [];
    await syncCustomEngines();
    expect(state.registered).toEqual([]);
  });
});
