import { z } from 'zod';
import { FactCheckError } from '../../core/errors';
import { WebGpuStatusSchema } from '../webllm/gpu';
import { type LoadProgress, LocalChatResultSchema, LocalModelStateSchema } from '../webllm/local-engine';
import type { ModelHost } from './model-host';
import { type HostCall, type HostReply, HostReplySchema, type PortLike } from './protocol';

interface Pending {
  resolve(value: unknown): void;
  reject(error: FactCheckError): void;
  onProgress?: (progress: LoadProgress) => void;
  onToken?: (text: string) => void;
}

type CallBody = HostCall extends infer C ? (C extends HostCall ? Omit<C, 'id'> : never) : never;

const ChatResultSchema = z.object({
  text: z.string(),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number(), ms: z.number() }),
});
const ConnectionCheckSchema = z.object({
  models: z.array(z.string()),
  modelListed: z.boolean().nullable(),
  ms: z.number(),
});
const none = z.null().transform((): void => undefined);

const hostGone = () =>
  new FactCheckError('internal', 'The model host closed unexpectedly. Try the check again.', { retryable: true });
const cancelled = () => new FactCheckError('cancelled', 'The check was cancelled.');

/**
 * A ModelHost on the other end of a port (the offscreen document): the same interface on both
 * sides, so the background never knows where models run. Connects on first use and again after
 * the other side went away; every reply is validated.
 */
export function createHostClient(connect: () => Promise<PortLike>): ModelHost & { disconnect(): void } {
  let port: Promise<PortLike> | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const onReply = (raw: unknown) => {
    const parsed = HostReplySchema.safeParse(raw);
    if (!parsed.success) return;
    const reply: HostReply = parsed.data;
    if (reply.kind === 'heartbeat') return;
    const entry = pending.get(reply.id);
    if (!entry) return;
    if (reply.kind === 'progress') entry.onProgress?.(reply.progress);
    else if (reply.kind === 'token') entry.onToken?.(reply.text);
    else {
      pending.delete(reply.id);
      if (reply.kind === 'result') entry.resolve(reply.value);
      else entry.reject(FactCheckError.fromJSON(reply.error));
    }
  };

  const portOf = () => {
    port ??= connect().then((opened) => {
      opened.onMessage.addListener(onReply);
      opened.onDisconnect.addListener(() => {
        port = undefined;
        for (const entry of pending.values()) entry.reject(hostGone());
        pending.clear();
      });
      return opened;
    });
    port.catch(() => {
      port = undefined;
    });
    return port;
  };

  async function call<T>(
    body: CallBody,
    schema: z.ZodType<T, unknown>,
    options: { signal?: AbortSignal; onProgress?: Pending['onProgress']; onToken?: Pending['onToken'] } = {},
  ): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) throw cancelled();
    const opened = await portOf();
    const id = nextId++;
    const value = await new Promise<unknown>((resolve, reject) => {
      // Tell the host to stop, and answer the caller now: a GPU finishing its token must not delay a cancel.
      const onAbort = () => {
        opened.postMessage({ id: nextId++, op: 'cancel', target: id } satisfies HostCall);
        pending.delete(id);
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      pending.set(id, {
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        onProgress: options.onProgress,
        onToken: options.onToken,
      });
      opened.postMessage({ ...body, id } as HostCall);
    });
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new FactCheckError('internal', `The model host sent a malformed ${body.op} reply.`);
    return parsed.data;
  }

  return {
    gpuStatus: () => call({ op: 'gpu-status' }, WebGpuStatusSchema),
    listModels: () => call({ op: 'list-models' }, LocalModelStateSchema.array()),
    load: (model, onProgress, signal) => call({ op: 'load', model }, none, { signal, onProgress }),
    chat: (request, onToken, signal) => call({ op: 'chat', request }, LocalChatResultSchema, { signal, onToken }),
    deleteCached: (model) => call({ op: 'delete-cached', model }, none),
    unload: () => call({ op: 'unload' }, none),
    generate: (hosted, onToken, signal) =>
      call({ op: 'generate', call: hosted }, ChatResultSchema, { signal, onToken }),
    testConnection: (target) => call({ op: 'test-connection', target }, ConnectionCheckSchema),
    disconnect() {
      void port?.then((opened) => opened.disconnect());
      port = undefined;
    },
  };
}
