import * as z from 'zod/mini';
import { parseCall, replyTo, type WireReply } from '../messaging/message-rpc';
import type { Engine } from './engine';

/** The channel of the runtime messages in which the service worker calls the engine document. */
export const ENGINE_CHANNEL = 'engine-calls';
/** What the engine document says once it listens (offscreen.createDocument resolves before its scripts run). */
export const ENGINE_READY_CHANNEL = 'engine-ready';

const SenderSchema = z.object({
  url: z.optional(z.string()),
  tabId: z.optional(z.number()),
  extensionId: z.optional(z.string()),
});

export const EngineCallSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('page-request'), raw: z.unknown(), sender: SenderSchema }),
  z.object({ op: z.literal('content-message'), raw: z.unknown(), tabId: z.number(), url: z.optional(z.string()) }),
  z.object({ op: z.literal('tab-removed'), tabId: z.number() }),
  z.object({ op: z.literal('check-tab'), tabId: z.number() }),
]);
export type EngineCall = z.infer<typeof EngineCallSchema>;

/** Carries out one call from the service worker. */
export function handleEngineCall(raw: unknown, engine: Engine): Promise<WireReply> {
  return replyTo(async () => {
    const call = parseCall(EngineCallSchema, raw, 'engine call');
    switch (call.op) {
      case 'page-request':
        return engine.pageRequest(call.raw, {
          url: call.sender.url,
          tabId: call.sender.tabId,
          extensionId: call.sender.extensionId,
        });
      case 'content-message':
        return engine.contentMessage(call.raw, call.tabId, call.url);
      case 'tab-removed':
        return engine.tabRemoved(call.tabId);
      case 'check-tab':
        return engine.checkTab(call.tabId);
    }
  });
}
