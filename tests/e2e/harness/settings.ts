import { defaultSettings, type Settings } from '@/lib/core/settings';
import { SETTINGS_VERSION } from '@/lib/storage/items';
import type { ExtensionSession } from './extension';

/** Stores settings the way the options page does (a versioned envelope in storage.local). */
export async function writeSettings(session: ExtensionSession, change: Partial<Settings>): Promise<void> {
  const settings: Settings = { ...defaultSettings(), ...change };
  const worker = session.context.serviceWorkers()[0] ?? session.worker;
  await worker.evaluate(
    async (item) => {
      const chromeApi = globalThis as unknown as { chrome: { storage: { local: { set(v: unknown): Promise<void> } } } };
      await chromeApi.chrome.storage.local.set(item);
    },
    { settings: { v: SETTINGS_VERSION, value: settings } },
  );
}

/** Points the extension at a local OpenAI-compatible server. */
export const pointAtLocalServer = (session: ExtensionSession, port: number) =>
  writeSettings(session, {
    backend: {
      kind: 'provider',
      provider: 'openai-compatible',
      model: 'scripted-model',
      baseUrl: `http://127.0.0.1:${port}/v1`,
    },
  });
