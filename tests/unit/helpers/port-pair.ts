import type { PortLike } from '@/lib/messaging/port';

export interface FakePort extends PortLike {
  sent: unknown[];
  messageListeners: ((message: unknown) => void)[];
  disconnectListeners: (() => void)[];
  peer: FakePort | undefined;
  closed: boolean;
}

/**
 * Two connected in-memory ports, delivering asynchronously and cloning like the browser. A port
 * disconnected by one side tells the other side (not itself), as runtime ports do; posting on a
 * closed port throws.
 */
export function portPair(name = 'test'): [FakePort, FakePort] {
  const make = (): FakePort => {
    const messageListeners: ((message: unknown) => void)[] = [];
    const disconnectListeners: (() => void)[] = [];
    const port: FakePort = {
      name,
      sent: [],
      messageListeners,
      disconnectListeners,
      peer: undefined,
      closed: false,
      postMessage(message: unknown) {
        if (port.closed) throw new Error('Attempting to use a disconnected port object');
        port.sent.push(message);
        const copy = JSON.parse(JSON.stringify(message)) as unknown;
        const peer = port.peer;
        setTimeout(() => {
          if (peer && !peer.closed) for (const listener of peer.messageListeners) listener(copy);
        }, 0);
      },
      onMessage: { addListener: (listener) => void messageListeners.push(listener) },
      onDisconnect: { addListener: (listener) => void disconnectListeners.push(listener) },
      disconnect() {
        if (port.closed) return;
        port.closed = true;
        const peer = port.peer;
        if (peer && !peer.closed) {
          peer.closed = true;
          setTimeout(() => {
            for (const listener of peer.disconnectListeners) listener();
          }, 0);
        }
      },
    };
    return port;
  };
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
