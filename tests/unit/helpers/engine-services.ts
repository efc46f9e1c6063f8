import type { EngineServices } from '@/lib/engine/services';
import type { LocalEngine } from '@/lib/llm/webllm/local-engine';
import type { TabMessage } from '@/lib/messaging/tab-messages';
import type { ToolbarState } from '@/lib/runs/toolbar-state';
import { memoryArea } from '@/lib/storage/area';

/** A browser without WebGPU: every local-model call fails, so tests run on a provider. */
export const noLocalModel: LocalEngine = {
  gpuStatus: async () => ({ available: false, reason: 'none here', features: [], fallbackAdapter: false }),
  listModels: async () => [],
  load: async () => Promise.reject(new Error('no local model in this test')),
  chat: async () => Promise.reject(new Error('no local model in this test')),
  deleteCached: async () => undefined,
  unload: async () => undefined,
};

/** storage.local holding settings that point the engine at an OpenAI-compatible server (`extra`: more settings). */
export function providerSettings(baseUrl: string, extra: Record<string, unknown> = {}) {
  return memoryArea({
    settings: {
      v: 2,
      value: { ...extra, backend: { kind: 'provider', provider: 'openai-compatible', model: 'test', baseUrl } },
    },
  });
}

export interface FakeServices {
  services: EngineServices;
  /** Every message sent to a tab, in order. */
  tabMessages: [number, TabMessage][];
  /** Every state drawn on a tab's toolbar button, in order. */
  toolbar: [number, ToolbarState][];
}

/**
 * The engine's browser APIs in memory: storage areas, tab messages and toolbar states recorded, every
 * host permission granted. `overrides` replaces any of them (a held session, a failing toolbar).
 */
export function fakeServices(overrides: Partial<EngineServices> = {}): FakeServices {
  const tabMessages: FakeServices['tabMessages'] = [];
  const toolbar: FakeServices['toolbar'] = [];
  const services: EngineServices = {
    local: memoryArea(),
    session: memoryArea(),
    sendToTab: async (tabId, message) => void tabMessages.push([tabId, message]),
    showToolbarState: async (tabId, state) => void toolbar.push([tabId, state]),
    hasHostPermission: async () => true,
    keepAlive: async () => undefined,
    ...overrides,
  };
  return { services, tabMessages, toolbar };
}
