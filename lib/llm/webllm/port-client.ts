import { z } from 'zod';
import { FactCheckError } from '../../core/errors';
import { WebGpuStatusSchema } from './gpu';
import { type LoadProgress, LocalChatResultSchema, type LocalEngine, LocalModelStateSchema } from './local-engine';
import { type EngineCall, type EngineReply, EngineReplySchema, type PortLike } from './port-protocol';

interface Pending {
  resolve(value: unknown): void;
  reject(error: FactCheckError): void;
  onProgress?: (progress: LoadProgress) => void;
  onToken?: (text: string) => void;
}

type CallBody = EngineCall extends infer C ? (C extends EngineCall ? Omit<C, 'id'> : never) : never;

const hostGone = () =>
  new FactCheckError('internal', 'The local model host closed unexpectedly. Try the check again.', { retryable: true });

/**
 * A LocalEngine whose engine lives on the other end of a port (the offscreen document).
 * Connects on first use and again after the other side went away.
 */
export function createPortEngine(connect: () => Promise<PortLike>): LocalEngine & { disconnect(): void } {
  let port: Promise<PortLike> | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const onReply = (raw: unknown) => {
    const parsed = EngineReplySchema.safeParse(raw);
    if (!parsed.success) return;
    const reply: EngineReply = parsed.data;
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
    schema: z.ZodType<T>,
    options: { signal?: AbortSignal; onProgress?: Pending['onProgress']; onToken?: Pending['onToken'] } = {},
  ): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) throw new FactCheckError('cancelled', 'The check was cancelled.');
    const opened = await portOf();
    const id = nextId++;
    const value = await new Promise<unknown>((resolve, reject) => {
      // Tell the host to stop, and answer the caller now: a GPU finishing its token must not delay a cancel.
      const onAbort = () => {
        opened.postMessage({ id: nextId++, op: 'cancel', target: id } satisfies EngineCall);
        pending.delete(id);
        reject(new FactCheckError('cancelled', 'The check was cancelled.'));
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
      opened.postMessage({ ...body, id } as EngineCall);
    });
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new FactCheckError('internal', `The local model host sent a malformed ${body.op} reply.`);
    return parsed.data;
  }

  const none = z.null().transform((): void => undefined);

  return {
    gpuStatus: () => call({ op: 'gpu-status' }, WebGpuStatusSchema),
    listModels: () => call({ op: 'list-models' }, LocalModelStateSchema.array()),
    load: (model, onProgress, signal) => call({ op: 'load', model }, none, { signal, onProgress }),
    chat: (request, onToken, signal) => call({ op: 'chat', request }, LocalChatResultSchema, { signal, onToken }),
    deleteCached: (model) => call({ op: 'delete-cached', model }, none),
    unload: () => call({ op: 'unload' }, none),
    disconnect() {
      void port?.then((opened) => opened.disconnect());
      port = undefined;
    },
  };
}
