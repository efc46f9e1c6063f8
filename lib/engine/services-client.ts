import { FactCheckError, type SerializedError, SerializedErrorSchema } from '../core/errors';
import { messageCaller, NoAnswerError, type WireError } from '../messaging/message-rpc';
import type { StorageArea } from '../storage/area';
import { type EngineServices, SERVICES_CHANNEL, type ServiceCall } from './services';

const toError = (wire: WireError) => {
  const parsed = SerializedErrorSchema.safeParse(wire);
  const error: SerializedError = parsed.success ? parsed.data : { ...wire, code: 'internal' };
  return FactCheckError.fromJSON(error);
};

/**
 * The service worker's APIs, borrowed over runtime messages (each one wakes the worker if it was
 * stopped). A call the worker did not answer, because it was stopped in the middle of it, is made
 * once more: every call here is idempotent (storage get/set/remove, a badge message, a permission check).
 */
export function remoteServices(send: (message: unknown) => Promise<unknown>): EngineServices {
  const caller = messageCaller(SERVICES_CHANNEL, send, toError);
  const call = async (body: ServiceCall): Promise<unknown> => {
    try {
      return await caller(body);
    } catch (error) {
      if (!(error instanceof NoAnswerError)) throw error;
      return caller(body);
    }
  };
  const area = (name: 'local' | 'session'): StorageArea => ({
    get: async (keys) => (await call({ op: 'storage-get', area: name, keys })) as Record<string, unknown>,
    set: async (items) => void (await call({ op: 'storage-set', area: name, items })),
    remove: async (keys) => void (await call({ op: 'storage-remove', area: name, keys })),
  });
  return {
    local: area('local'),
    session: area('session'),
    sendToTab: async (tabId, message) => void (await call({ op: 'send-to-tab', tabId, message })),
    showToolbarState: async (tabId, state) => void (await call({ op: 'toolbar-state', tabId, state })),
    hasHostPermission: async (origin) => (await call({ op: 'has-host-permission', origin })) === true,
    keepAlive: async () => void (await call({ op: 'keep-alive' })),
  };
}
