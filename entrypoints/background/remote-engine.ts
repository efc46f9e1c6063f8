import { browser } from 'wxt/browser';
import { ENGINE_CHANNEL, type EngineCall } from '@/lib/engine/endpoint';
import type { Engine } from '@/lib/engine/engine';
import { messageCaller, NoAnswerError, toWireError } from '@/lib/messaging/message-rpc';
import { captureStateKey, runSnapshotKey } from '@/lib/storage/session-keys';

/**
 * The engine runs in an offscreen document, not in this service worker: a worker evaluates all of
 * its script at every wake-up (after each 30 s idle), a document once. The pipeline, the trust store,
 * the history, the AI SDK and WebLLM are ~1.3 MB of script, and full zod alone costs ~40 ms to start
 * (scripts/bench-wakeup.ts). The worker keeps routing, sender checks and the one answer a results page
 * needs at once (which engines are on). Pages follow runs over ports the engine document accepts itself.
 */
const OFFSCREEN_PATH = '/offscreen.html';

let creating: Promise<void> | undefined;
let announceReady: (() => void) | undefined;

/** The engine document says so once its listeners are in place (createDocument resolves before that). */
export function engineDocumentReady(): void {
  announceReady?.();
}

const READY_TIMEOUT_MS = 15_000;

export const engineDocumentUrl = () => browser.runtime.getURL(OFFSCREEN_PATH);

async function engineDocumentExists(): Promise<boolean> {
  const existing = await browser.runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT'],
    documentUrls: [engineDocumentUrl()],
  });
  return existing.length > 0;
}

async function ensureEngineDocument(): Promise<void> {
  if (await engineDocumentExists()) return;
  // Two callers at once must not both create it (the second create would throw).
  creating ??= (async () => {
    const ready = new Promise<void>((resolve) => {
      announceReady = resolve;
      setTimeout(resolve, READY_TIMEOUT_MS);
    });
    await browser.offscreen.createDocument({
      url: OFFSCREEN_PATH,
      reasons: ['WORKERS'],
      justification:
        'Runs the fact-checking engine (language models, WebGPU, the pipeline) outside the service worker.',
    });
    await ready;
  })().finally(() => {
    creating = undefined;
    announceReady = undefined;
  });
  await creating;
}

/** Not delivered at all (nobody listening yet): safe to send again, unlike a call that went unanswered. */
const notDelivered = (error: unknown) =>
  error instanceof NoAnswerError &&
  String((error.cause as Error | undefined)?.message).includes('Receiving end does not exist');

/** The engine as the worker calls it in Chrome; run ports go to the engine document, never through here. */
export function remoteEngine(): Omit<Engine, 'watchRun'> {
  const caller = messageCaller(ENGINE_CHANNEL, (message) => browser.runtime.sendMessage(message));
  // A document made by an earlier life of this worker may still be starting: wait for it a little.
  const send = async (body: EngineCall) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await caller(body);
      } catch (error) {
        if (!notDelivered(error) || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  };
  const call = async (body: EngineCall) => {
    await ensureEngineDocument();
    return send(body);
  };
  return {
    async pageRequest(raw, sender) {
      try {
        return (await call({ op: 'page-request', raw, sender })) as Awaited<ReturnType<Engine['pageRequest']>>;
      } catch (error) {
        console.warn('engine did not answer', toWireError(error).message);
        return {
          ok: false,
          error: {
            code: 'internal',
            message: 'The checking engine stopped before answering. Try again.',
            retryable: true,
          },
        };
      }
    },
    async contentMessage(raw, tabId, url) {
      await call({ op: 'content-message', raw, tabId, url });
    },
    async checkTab(tabId) {
      await call({ op: 'check-tab', tabId });
    },
    async tabRemoved(tabId) {
      // A closed tab needs no engine started for it: without one, its keys are simply removed.
      if (await engineDocumentExists()) await send({ op: 'tab-removed', tabId });
      else await browser.storage.session.remove([captureStateKey(tabId), runSnapshotKey(tabId)]);
    },
  };
}
