import { z } from 'zod';
import { ApiKeysSchema, BackendSchema, ProviderIdSchema } from '../../core/settings';

// Kept apart from model-host.ts: the background imports these schemas, and must not pull the SDKs with them.

const ChatMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

/** One model call as it crosses to the host: the backend, only its own key, and the request. */
export const HostedGenerateSchema = z.object({
  backend: BackendSchema,
  /** The local model resolved by the caller (the backend may leave the choice open). */
  localModel: z.string().optional(),
  keys: ApiKeysSchema,
  concurrency: z.number().int().min(1).max(16),
  timeoutMs: z.number().int().min(100),
  /** Whether the browser grants access to the endpoint: the host cannot ask (offscreen documents have no permissions API). */
  hostPermission: z.boolean(),
  request: z.object({
    messages: z.array(ChatMessageSchema),
    temperature: z.number().optional(),
    maxTokens: z.number().int().positive().optional(),
    jsonSchema: z.object({ name: z.string(), schema: z.record(z.string(), z.unknown()) }).optional(),
  }),
});
export type HostedGenerate = z.infer<typeof HostedGenerateSchema>;

export const ConnectionTargetSchema = z.object({
  provider: ProviderIdSchema,
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  keys: ApiKeysSchema,
  timeoutMs: z.number().int().min(100),
  hostPermission: z.boolean(),
});
export type HostedConnectionTarget = z.infer<typeof ConnectionTargetSchema>;
