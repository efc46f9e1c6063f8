import { z } from 'zod';
import { SerializedErrorSchema } from '../../core/errors';
import { LoadProgressSchema } from '../webllm/local-engine';
import { ConnectionTargetSchema, HostedGenerateSchema } from './calls';

/** The name of the port between the background and the document that hosts the models. */
export const MODEL_HOST_PORT = 'model-host';

/** The part of a runtime.Port the host channel uses; tests pair two in memory. */
export interface PortLike {
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

const ChatMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

export const HostCallSchema = z.discriminatedUnion('op', [
  z.object({ id: z.number(), op: z.literal('gpu-status') }),
  z.object({ id: z.number(), op: z.literal('list-models') }),
  z.object({ id: z.number(), op: z.literal('load'), model: z.string() }),
  z.object({
    id: z.number(),
    op: z.literal('chat'),
    request: z.object({
      model: z.string(),
      messages: z.array(ChatMessageSchema),
      temperature: z.number().optional(),
      maxTokens: z.number().optional(),
      jsonSchema: z.object({ name: z.string(), schema: z.record(z.string(), z.unknown()) }).optional(),
    }),
  }),
  z.object({ id: z.number(), op: z.literal('delete-cached'), model: z.string() }),
  z.object({ id: z.number(), op: z.literal('unload') }),
  z.object({ id: z.number(), op: z.literal('generate'), call: HostedGenerateSchema }),
  z.object({ id: z.number(), op: z.literal('test-connection'), target: ConnectionTargetSchema }),
  /** Stops the call `target` (a download, a generation, a request). */
  z.object({ id: z.number(), op: z.literal('cancel'), target: z.number() }),
]);
export type HostCall = z.infer<typeof HostCallSchema>;

export const HostReplySchema = z.discriminatedUnion('kind', [
  z.object({ id: z.number(), kind: z.literal('progress'), progress: LoadProgressSchema }),
  z.object({ id: z.number(), kind: z.literal('token'), text: z.string() }),
  z.object({ id: z.number(), kind: z.literal('result'), value: z.unknown() }),
  z.object({ id: z.number(), kind: z.literal('error'), error: SerializedErrorSchema }),
  /** Sent while work is in progress: each message received keeps the background's service worker awake. */
  z.object({ kind: z.literal('heartbeat') }),
]);
export type HostReply = z.infer<typeof HostReplySchema>;
