import * as z from 'zod/mini';
import type { TabMessage } from '../messaging/tab-messages';
import { TOOLBAR_STATES, type ToolbarState } from '../runs/toolbar-state';
import type { StorageArea } from '../storage/area';

/**
 * What the engine needs of the browser's privileged APIs. In Firefox the background page has them
 * itself; in Chrome the engine lives in an offscreen document, which has only chrome.runtime, so the
 * service worker lends them through runtime messages (services-server.ts, services-client.ts).
 */
export interface EngineServices {
  local: StorageArea;
  session: StorageArea;
  /** Tells a results tab what to draw; a tab that went away is not an error. */
  sendToTab(tabId: number, message: TabMessage): Promise<void>;
  /** Draws a tab's state on the toolbar button (badge and title); the browser clears it when the tab navigates. */
  showToolbarState(tabId: number, state: ToolbarState): Promise<void>;
  /** Whether the person granted the host permission an endpoint needs. */
  hasHostPermission(origin: string): Promise<boolean>;
  /** Called every 20 s while a run is live: the browser stops an idle background after 30 s. */
  keepAlive(): Promise<void>;
}

/** The channel of the runtime messages in which the engine document borrows the worker's APIs. */
export const SERVICES_CHANNEL = 'engine-services';

const AreaSchema = z.enum(['local', 'session']);
const KeysSchema = z.union([z.string(), z.array(z.string())]);

/** Every call the service worker accepts from the engine document (validated there: a boundary like any other). */
export const ServiceCallSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('storage-get'), area: AreaSchema, keys: z.nullable(KeysSchema) }),
  z.object({ op: z.literal('storage-set'), area: AreaSchema, items: z.record(z.string(), z.unknown()) }),
  z.object({ op: z.literal('storage-remove'), area: AreaSchema, keys: KeysSchema }),
  z.object({ op: z.literal('send-to-tab'), tabId: z.number(), message: z.unknown() }),
  z.object({ op: z.literal('toolbar-state'), tabId: z.number(), state: z.enum(TOOLBAR_STATES) }),
  z.object({ op: z.literal('has-host-permission'), origin: z.string() }),
  z.object({ op: z.literal('keep-alive') }),
]);
export type ServiceCall = z.infer<typeof ServiceCallSchema>;
