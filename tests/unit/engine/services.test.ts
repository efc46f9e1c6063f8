import { describe, expect, it } from 'vitest';
import { type EngineServices, SERVICES_CHANNEL } from '@/lib/engine/services';
import { remoteServices } from '@/lib/engine/services-client';
import { serveServiceCall } from '@/lib/engine/services-server';
import { callOn, messageCaller, NoAnswerError, RemoteError, replyTo } from '@/lib/messaging/message-rpc';
import { memoryArea } from '@/lib/storage/area';

function workerApis(): EngineServices & { tabs: [number, unknown][]; toolbar: [number, string][] } {
  const tabs: [number, unknown][] = [];
  const toolbar: [number, string][] = [];
  return {
    toolbar,
    showToolbarState: async (tabId, state) => void toolbar.push([tabId, state]),
    local: memoryArea({ settings: { v: 2, value: {} } }),
    session: memoryArea(),
    tabs,
    sendToTab: async (tabId, message) => void tabs.push([tabId, message]),
    hasHostPermission: async (origin) => origin === 'http://127.0.0.1:11434',
    keepAlive: async () => undefined,
  };
}

/** runtime.sendMessage between the engine document and the worker: a JSON copy each way. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
function worker(apis: EngineServices) {
  return async (message: unknown) => {
    const call = callOn(SERVICES_CHANNEL, clone(message));
    if (!call) return undefined;
    return clone(await serveServiceCall(call.call, apis));
  };
}

describe("the worker's APIs lent to the engine document", () => {
  it('storage, tab messages and permission checks reach the worker', async () => {
    const apis = workerApis();
    const services = remoteServices(worker(apis));
    await services.session.set({ 'capture:1': { capture: null, failure: 'x' }, 'run:1': { a: 1 } });
    expect(await services.session.get(null)).toEqual({
      'capture:1': { capture: null, failure: 'x' },
      'run:1': { a: 1 },
    });
    await services.session.remove(['run:1']);
    expect(await services.session.get(['capture:1', 'run:1'])).toEqual({
      'capture:1': { capture: null, failure: 'x' },
    });
    expect(await services.local.get('settings')).toEqual({ settings: { v: 2, value: {} } });
    await services.sendToTab(3, { type: 'clear-badges' });
    expect(apis.tabs).toEqual([[3, { type: 'clear-badges' }]]);
    await services.showToolbarState(3, 'disputed');
    expect(apis.toolbar).toEqual([[3, 'disputed']]);
    expect(await services.hasHostPermission('http://127.0.0.1:11434')).toBe(true);
    expect(await services.hasHostPermission('https://example.com')).toBe(false);
    await services.keepAlive();
  });

  it('refuses calls it does not know, and areas other than local and session', async () => {
    const call = messageCaller(SERVICES_CHANNEL, worker(workerApis()));
    await expect(call({ op: 'storage-get', area: 'sync', keys: null })).rejects.toThrow('Malformed service call');
    await expect(call({ op: 'eval', code: '1' })).rejects.toThrow('Malformed service call');
    await expect(call({ op: 'toolbar-state', tabId: 1, state: 'hacked' })).rejects.toThrow('Malformed service call');
  });

  it('a call the worker did not answer (stopped in the middle) is made once more', async () => {
    const apis = workerApis();
    const answer = worker(apis);
    let attempts = 0;
    const services = remoteServices(async (message) => {
      attempts++;
      if (attempts === 1) throw new Error('The message port closed before a response was received.');
      return answer(message);
    });
    await services.session.set({ 'run:2': { status: 'done' } });
    expect(attempts).toBe(2);
    expect(await apis.session.get('run:2')).toEqual({ 'run:2': { status: 'done' } });
  });
});

describe('calls over runtime messages', () => {
  it('an error comes back with its code; a plain Error becomes internal', async () => {
    const failing = (error: unknown) =>
      messageCaller('c', async () =>
        clone(
          await replyTo(async () => {
            throw error;
          }),
        ),
      );
    await expect(
      failing(new RemoteError({ code: 'quota', message: 'Out of quota.', retryable: false }))({}),
    ).rejects.toMatchObject({ code: 'quota', message: 'Out of quota.' });
    await expect(failing(new Error('boom'))({})).rejects.toMatchObject({ code: 'internal', message: 'boom' });
  });

  it('nobody answering, or an answer that is not a reply, is NoAnswerError', async () => {
    await expect(messageCaller('c', async () => undefined)({})).rejects.toBeInstanceOf(NoAnswerError);
    await expect(messageCaller('c', async () => ({ ok: 'yes' }))({})).rejects.toBeInstanceOf(NoAnswerError);
    await expect(
      messageCaller('c', async () => {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      })({}),
    ).rejects.toBeInstanceOf(NoAnswerError);
  });

  it('a message is read as a call only on its own channel', () => {
    expect(callOn('a', { channel: 'a', call: 1 })).toEqual({ call: 1 });
    expect(callOn('a', { channel: 'b', call: 1 })).toBeUndefined();
    expect(callOn('a', { type: 'get-capture' })).toBeUndefined();
    expect(callOn('a', null)).toBeUndefined();
  });
});
