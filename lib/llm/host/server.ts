import { toSerializedError } from '../../core/errors';
import type { ModelHost } from './model-host';
import { type HostCall, HostCallSchema, type HostReply, type PortLike } from './protocol';

/** Chrome stops an idle service worker after 30 s; a message every 10 s while busy keeps it up. */
export const HEARTBEAT_MS = 10_000;

/** Serves a ModelHost over a port (in the offscreen document). Every inbound message is validated. */
export function serveModelHost(port: PortLike, host: ModelHost, heartbeatMs = HEARTBEAT_MS): void {
  const running = new Map<number, AbortController>();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let open = true;

  const send = (reply: HostReply) => {
    if (open) port.postMessage(reply);
  };
  const updateHeartbeat = () => {
    if (running.size > 0 && !heartbeat) heartbeat = setInterval(() => send({ kind: 'heartbeat' }), heartbeatMs);
    if (running.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  const perform = async (call: Exclude<HostCall, { op: 'cancel' }>, signal: AbortSignal): Promise<unknown> => {
    const token = (text: string) => send({ id: call.id, kind: 'token', text });
    switch (call.op) {
      case 'gpu-status':
        return host.gpuStatus();
      case 'list-models':
        return host.listModels();
      case 'load':
        return host.load(call.model, (progress) => send({ id: call.id, kind: 'progress', progress }), signal);
      case 'chat':
        return host.chat(call.request, token, signal);
      case 'delete-cached':
        return host.deleteCached(call.model);
      case 'unload':
        return host.unload();
      case 'generate':
        return host.generate(call.call, token, signal);
      case 'test-connection':
        return host.testConnection(call.target);
    }
  };

  port.onMessage.addListener((raw) => {
    const parsed = HostCallSchema.safeParse(raw);
    if (!parsed.success) return;
    const call = parsed.data;
    if (call.op === 'cancel') {
      running.get(call.target)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(call.id, controller);
    updateHeartbeat();
    perform(call, controller.signal)
      .then(
        (value) => send({ id: call.id, kind: 'result', value: value ?? null }),
        (error: unknown) => send({ id: call.id, kind: 'error', error: toSerializedError(error) }),
      )
      .finally(() => {
        running.delete(call.id);
        updateHeartbeat();
      });
  });

  // The background went away (service worker stopped): stop its work, the GPU is not its to hold.
  port.onDisconnect.addListener(() => {
    open = false;
    for (const controller of running.values()) controller.abort();
    running.clear();
    updateHeartbeat();
  });
}
