import type { PortLike } from '../messaging/port';
import type { Engine } from './engine';

/**
 * An engine still being loaded (Firefox imports it into the background page on first use). Calls
 * wait for it; a run port's first messages are held until the engine listens, so none is lost.
 */
export function lazyEngine(load: () => Promise<Engine>): Engine {
  let loading: Promise<Engine> | undefined;
  const engine = () => {
    loading ??= load();
    return loading;
  };
  return {
    pageRequest: async (raw, sender) => (await engine()).pageRequest(raw, sender),
    contentMessage: async (raw, tabId, url) => (await engine()).contentMessage(raw, tabId, url),
    tabRemoved: async (tabId) => (await engine()).tabRemoved(tabId),
    checkTab: async (tabId) => (await engine()).checkTab(tabId),
    watchRun(port) {
      const held: unknown[] = [];
      const listeners: ((message: unknown) => void)[] = [];
      let listening = false;
      port.onMessage.addListener((message) => {
        if (listening) for (const listener of listeners) listener(message);
        else held.push(message);
      });
      const view: PortLike = {
        postMessage: (message) => port.postMessage(message),
        onMessage: { addListener: (listener) => void listeners.push(listener) },
        onDisconnect: port.onDisconnect,
        disconnect: () => port.disconnect(),
      };
      void engine().then((loaded) => {
        loaded.watchRun(view);
        listening = true;
        for (const message of held.splice(0)) for (const listener of listeners) listener(message);
      });
    },
  };
}
