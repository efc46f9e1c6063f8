import { toSerializedError } from '../../core/errors';
import type { LocalEngine } from './local-engine';
import { type EngineCall, EngineCallSchema, type EngineReply, type PortLike } from './port-protocol';

/** Chrome stops an idle service worker after 30 s; a message every 10 s while busy keeps it up. */
export const HEARTBEAT_MS = 10_000;

/** Serves a LocalEngine over a port (in the offscreen document). Every inbound message is validated. */
export function serveLocalEngine(port: PortLike, engine: LocalEngine, heartbeatMs = HEARTBEAT_MS): void {
  const running = new Map<number, AbortController>();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let open = true;

  const send = (reply: EngineReply) => {
    if (open) port.postMessage(reply);
  };
  const updateHeartbeat = () => {
    if (running.size > 0 && !heartbeat) heartbeat = setInterval(() => send({ kind: 'heartbeat' }), heartbeatMs);
    if (running.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  const perform = (call: Exclude<EngineCall, { op: 'cancel' }>, signal: AbortSignal): Promise<unknown> => {
    switch (call.op) {
      case 'gpu-status':
        return engine.gpuStatus();
      case 'list-models':
        return engine.listModels();
      case 'load':
        return engine
          .load(call.model, (progress) => send({ id: call.id, kind: 'progress', progress }), signal)
          .then(() => null);
      case 'chat':
        return engine.chat(call.request, (text) => send({ id: call.id, kind: 'token', text }), signal);
      case 'delete-cached':
        return engine.deleteCached(call.model).then(() => null);
      case 'unload':
        return engine.unload().then(() => null);
    }
  };

  port.onMessage.addListener((raw) => {
    const parsed = EngineCallSchema.safeParse(raw);
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
