import { describe, expect, it, vi } from 'vitest';
import { PageRequestSchema } from '@/lib/messaging/protocol';
import { type HandlerMap, routePageRequest, type SenderInfo } from '@/lib/messaging/router';

const own = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const page: SenderInfo = { url: 'chrome-extension://ext-id/sidepanel.html', tabId: undefined, extensionId: 'ext-id' };

function handlers(): HandlerMap {
  return { 'get-capture': vi.fn(async () => ({ capture: null, failure: null })) } as unknown as HandlerMap;
}

describe('routePageRequest', () => {
  it('dispatches a valid request from an extension page', async () => {
    const map = handlers();
    const reply = await routePageRequest({ type: 'get-capture', tabId: 3 }, page, map, own, PageRequestSchema);
    expect(reply).toEqual({ ok: true, value: { capture: null, failure: null } });
    expect(map['get-capture']).toHaveBeenCalledWith({ type: 'get-capture', tabId: 3 }, page);
  });

  it.each([
    [
      'a content script on a results page',
      { url: 'https://www.google.com/search?q=x', tabId: 4, extensionId: 'ext-id' },
    ],
    ['another extension', { url: 'chrome-extension://other/page.html', tabId: undefined, extensionId: 'other' }],
    ['a sender with no url', { url: undefined, tabId: undefined, extensionId: 'ext-id' }],
    [
      'a web page pretending to be our origin',
      { url: 'https://evil.example/chrome-extension://ext-id/', tabId: 1, extensionId: undefined },
    ],
  ])('refuses %s', async (_name, sender) => {
    const map = handlers();
    const reply = await routePageRequest({ type: 'get-capture', tabId: 3 }, sender, map, own, PageRequestSchema);
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(map['get-capture']).not.toHaveBeenCalled();
  });

  it.each([
    [{ type: 'get-capture' }],
    [{ type: 'no-such-thing' }],
    ['a string'],
    [null],
  ])('answers a malformed request %j with bad-input', async (raw) => {
    const reply = await routePageRequest(raw, page, handlers(), own, PageRequestSchema);
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-input' } });
  });

  it('turns a handler failure into a serialized error', async () => {
    const map = {
      'get-capture': async () => {
        throw new Error('boom');
      },
    } as unknown as HandlerMap;
    const reply = await routePageRequest({ type: 'get-capture', tabId: 1 }, page, map, own, PageRequestSchema);
    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'boom', retryable: false } });
  });
});
