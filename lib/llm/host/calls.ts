import type { ApiKeys, Backend, ProviderId } from '../../core/settings';
import type { ChatMessage, JsonSchemaSpec } from '../chat-model';

/** One model call as the engine hands it to the host: the backend, only its own key, and the request. */
export interface HostedGenerate {
  backend: Backend;
  /** The local model resolved by the caller (the backend may leave the choice open). */
  localModel?: string;
  keys: ApiKeys;
  concurrency: number;
  timeoutMs: number;
  /** Whether the browser grants access to the endpoint (checked by the worker: the engine document has no permissions API). */
  hostPermission: boolean;
  request: { messages: ChatMessage[]; temperature?: number; maxTokens?: number; jsonSchema?: JsonSchemaSpec };
}

export interface HostedConnectionTarget {
  provider: ProviderId;
  baseUrl?: string;
  model?: string;
  keys: ApiKeys;
  timeoutMs: number;
  hostPermission: boolean;
}
