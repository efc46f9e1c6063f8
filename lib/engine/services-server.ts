import { parseCall, replyTo, type WireReply } from '../messaging/message-rpc';
import { type EngineServices, ServiceCallSchema } from './services';

/**
 * Lends the service worker's APIs to the engine document. Every call is validated; a storage call
 * reaches only the two areas the engine uses, and a tab message goes only to tabs.
 */
export function serveServiceCall(raw: unknown, services: EngineServices): Promise<WireReply> {
  return replyTo(async () => {
    const call = parseCall(ServiceCallSchema, raw, 'service call');
    switch (call.op) {
      case 'storage-get':
        return services[call.area].get(call.keys);
      case 'storage-set':
        return services[call.area].set(call.items);
      case 'storage-remove':
        return services[call.area].remove(call.keys);
      case 'send-to-tab':
        // The content script checks a tab message's shape itself; the engine built it from a schema.
        return services.sendToTab(call.tabId, call.message as never);
      case 'toolbar-state':
        return services.showToolbarState(call.tabId, call.state);
      case 'has-host-permission':
        return services.hasHostPermission(call.origin);
      case 'keep-alive':
        // Answering is the point: each message received keeps the service worker awake.
        return null;
    }
  });
}
