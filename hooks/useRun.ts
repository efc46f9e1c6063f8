import { useCallback, useEffect, useReducer } from 'react';
import { browser } from 'wxt/browser';
import { toSerializedError } from '@/lib/core/errors';
import type { Method, Verdict } from '@/lib/core/verdict';
import { request } from '@/lib/messaging/client';
import { RUN_PORT } from '@/lib/messaging/protocol';
import { type RunPortMessage, RunPortOutboundSchema } from '@/lib/messaging/requests/run';
import { idleRun, type RunView, runViewReducer } from '@/lib/ui/run-view';

export interface RunControls {
  view: RunView;
  start(method?: Method): Promise<void>;
  cancel(): Promise<void>;
  /** Shows the verdict the background returned after a review. */
  showReviewed(verdict: Verdict): void;
}

/** Follows a tab's run over the run port: the background sends the run so far, then each event. */
export function useRun(tabId: number | null): RunControls {
  const [view, dispatch] = useReducer(runViewReducer, idleRun);

  useEffect(() => {
    if (tabId === null) return;
    let port: ReturnType<typeof browser.runtime.connect> | undefined;
    let closed = false;
    let retryDelay = 250;
    const connect = () => {
      if (closed) return;
      port = browser.runtime.connect({ name: RUN_PORT });
      port.onMessage.addListener((raw: unknown) => {
        retryDelay = 250;
        const parsed = RunPortOutboundSchema.safeParse(raw);
        if (parsed.success) dispatch(parsed.data);
      });
      // The engine that holds runs may have stopped (or not started yet); reconnecting replays the run
      // from its snapshot. Backing off keeps an engine that keeps refusing from being hammered.
      port.onDisconnect.addListener(() => {
        if (closed) return;
        setTimeout(wakeThenConnect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 5000);
      });
      port.postMessage({ type: 'watch', tabId } satisfies RunPortMessage);
    };
    // The port goes to the engine itself (in Chrome, a document the worker starts on the first request):
    // a request first makes sure it is there to answer.
    const wakeThenConnect = () =>
      void request({ type: 'get-run', tabId })
        .catch(() => undefined)
        .finally(connect);
    wakeThenConnect();
    return () => {
      closed = true;
      port?.disconnect();
    };
  }, [tabId]);

  const start = useCallback(
    async (method?: Method) => {
      if (tabId === null) return;
      dispatch({ type: 'starting' });
      try {
        await request({ type: 'start-run', tabId, ...(method ? { method } : {}) });
      } catch (error) {
        dispatch({ type: 'start-failed', error: toSerializedError(error) });
      }
    },
    [tabId],
  );

  const cancel = useCallback(async () => {
    if (view.runId) await request({ type: 'cancel-run', runId: view.runId }).catch(() => undefined);
  }, [view.runId]);

  const showReviewed = useCallback((verdict: Verdict) => dispatch({ type: 'reviewed', verdict }), []);

  return { view, start, cancel, showReviewed };
}
