import { type Browser, browser } from 'wxt/browser';
import { FactCheckError, toSerializedError } from '@/lib/core/errors';
import { paramsFor } from '@/lib/core/presets';
import type { RunEvent, RunEventBody } from '@/lib/core/run-event';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Method, Verdict } from '@/lib/core/verdict';
import { RUN_PORT } from '@/lib/messaging/protocol';
import {
  RunPortMessageSchema,
  type RunPortOutbound,
  type RunSnapshot,
  RunSnapshotSchema,
} from '@/lib/messaging/requests/run';
import type { HandlerMap } from '@/lib/messaging/router';
import { runCheck } from '@/lib/pipeline/run-check';
import { appendEvent, interrupted, newSnapshot } from '@/lib/runs/snapshot';
import { localArea, settings } from '@/lib/storage/browser-areas';
import { isRunSnapshotKey, runSnapshotKey } from '@/lib/storage/session-keys';
import { trustStore } from '@/lib/trust/store';
import { showVerdictBadges } from './badges';
import { readCaptureState } from './captures';
import { modelFor } from './model-host';

type Port = Browser.runtime.Port;

interface LiveRun {
  snapshot: RunSnapshot;
  controller: AbortController;
}

const live = new Map<number, LiveRun>();
const watchers = new Map<number, Set<Port>>();
const trust = trustStore(localArea);
let keepAlive: ReturnType<typeof setInterval> | undefined;

function broadcast(tabId: number, message: RunPortOutbound) {
  for (const port of watchers.get(tabId) ?? []) {
    try {
      port.postMessage(message);
    } catch {
      watchers.get(tabId)?.delete(port);
    }
  }
}

async function persist(snapshot: RunSnapshot) {
  await browser.storage.session.set({ [runSnapshotKey(snapshot.tabId)]: snapshot });
}

async function storedSnapshot(tabId: number): Promise<RunSnapshot | null> {
  // A page that reconnects right after a wake-up must not see a cut-off run as still running.
  await startupCleanup;
  const key = runSnapshotKey(tabId);
  const parsed = RunSnapshotSchema.safeParse((await browser.storage.session.get(key))[key]);
  return parsed.success ? parsed.data : null;
}

/** MV3 stops an idle worker after 30 s; a run waiting on a slow model must not be cut off. */
function updateKeepAlive() {
  if (live.size > 0 && !keepAlive) {
    keepAlive = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  } else if (live.size === 0 && keepAlive) {
    clearInterval(keepAlive);
    keepAlive = undefined;
  }
}

/** A run replaced by a newer one in its tab (or whose tab closed): whatever it still says is dropped. */
const superseded = (run: LiveRun) => live.get(run.snapshot.tabId) !== run;

function emitter(run: LiveRun) {
  return (body: RunEventBody) => {
    if (superseded(run)) return;
    const event = { ...body, runId: run.snapshot.runId, at: Date.now() } as RunEvent;
    run.snapshot = appendEvent(run.snapshot, event);
    broadcast(run.snapshot.tabId, { type: 'event', event });
    // Tokens arrive many times a second; they are stored with the next step instead.
    if (event.type !== 'token') void persist(run.snapshot);
  };
}

async function execute(run: LiveRun, capture: SerpCapture, method: Method) {
  const emit = emitter(run);
  const { signal } = run.controller;
  try {
    emit({ type: 'started', question: capture.query, engine: capture.engine, method });
    const current = await settings.get();
    const lookup = await trust.lookup();
    const sources = capture.results.filter((source) => !lookup(source.domain).blocked);
    emit({ type: 'stage', stage: 'model-load', status: 'started' });
    const loadStart = Date.now();
    const model = await modelFor(current, (p) => emit({ type: 'model-progress', ...p }), signal);
    emit({ type: 'stage', stage: 'model-load', status: 'finished', ms: Date.now() - loadStart });
    const verdict = await runCheck({
      question: capture.query,
      sources,
      ...(capture.answerBox ? { answerBox: capture.answerBox } : {}),
      method,
      params: paramsFor(current),
      model,
      trust: lookup,
      signal,
      emit,
    });
    if (signal.aborted) throw new FactCheckError('cancelled', 'The check was cancelled.');
    await finish(run, capture, verdict, emit);
  } catch (error) {
    emit({
      type: 'error',
      error: toSerializedError(signal.aborted ? new FactCheckError('cancelled', 'The check was cancelled.') : error),
    });
  } finally {
    // A superseded run must not overwrite its successor's snapshot.
    if (!superseded(run)) {
      live.delete(run.snapshot.tabId);
      await persist(run.snapshot);
    }
    updateKeepAlive();
  }
}

/** The verdict is shown first; the trust store and the page's badges follow from it. */
async function finish(run: LiveRun, capture: SerpCapture, verdict: Verdict, emit: (body: RunEventBody) => void) {
  emit({ type: 'final', verdict });
  emit({ type: 'stage', stage: 'trust-update', status: 'started' });
  const start = Date.now();
  await trust.recordVerdict(verdict, run.snapshot.runId);
  await onRunFinished(run.snapshot.runId, capture, verdict);
  emit({ type: 'stage', stage: 'trust-update', status: 'finished', ms: Date.now() - start });
  await showVerdictBadges(run.snapshot.tabId, verdict, await trust.lookup());
}

/** Extra work when a run ends with a verdict (history). Set by the background's wiring. */
let onRunFinished: (checkId: string, capture: SerpCapture, verdict: Verdict) => Promise<void> = async () => undefined;
export function setRunFinishedHook(hook: typeof onRunFinished) {
  onRunFinished = hook;
}

export async function startRun(tabId: number, method: Method = 'auto'): Promise<{ runId: string }> {
  const { capture } = await readCaptureState(tabId);
  if (!capture) {
    throw new FactCheckError(
      'no-capture',
      'There are no search results in this tab to check. Search first, then press Check.',
    );
  }
  live.get(tabId)?.controller.abort();
  const run: LiveRun = { snapshot: newSnapshot(crypto.randomUUID(), tabId), controller: new AbortController() };
  live.set(tabId, run);
  updateKeepAlive();
  await persist(run.snapshot);
  broadcast(tabId, { type: 'snapshot', snapshot: run.snapshot });
  void execute(run, capture, method);
  return { runId: run.snapshot.runId };
}

export const runHandlers: Pick<HandlerMap, 'start-run' | 'cancel-run' | 'get-run'> = {
  'start-run': ({ tabId, method }) => startRun(tabId, method),
  async 'cancel-run'({ runId }) {
    for (const run of live.values()) if (run.snapshot.runId === runId) run.controller.abort();
    return null;
  },
  async 'get-run'({ tabId }) {
    return live.get(tabId)?.snapshot ?? (await storedSnapshot(tabId));
  },
};

/** Pages follow a tab's runs over a port; only the extension's own pages may connect. */
export function onRunPortConnect(port: Port, ownOrigin: string) {
  if (port.name !== RUN_PORT) return;
  if (port.sender?.id !== browser.runtime.id || !port.sender.url?.startsWith(ownOrigin)) {
    port.disconnect();
    return;
  }
  port.onMessage.addListener(async (raw: unknown) => {
    const parsed = RunPortMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const { tabId } = parsed.data;
    for (const set of watchers.values()) set.delete(port);
    const set = watchers.get(tabId) ?? new Set<Port>();
    set.add(port);
    watchers.set(tabId, set);
    port.postMessage({
      type: 'snapshot',
      snapshot: live.get(tabId)?.snapshot ?? (await storedSnapshot(tabId)),
    } satisfies RunPortOutbound);
  });
  port.onDisconnect.addListener(() => {
    for (const set of watchers.values()) set.delete(port);
  });
}

let startupCleanup: Promise<void> = Promise.resolve();

/** At wake-up no run is live: any snapshot still marked running was cut off by a worker stop. */
export function markInterruptedRuns(): Promise<void> {
  startupCleanup = endInterruptedRuns().catch((error: unknown) =>
    console.warn('could not end interrupted runs', error),
  );
  return startupCleanup;
}

async function endInterruptedRuns() {
  const all = await browser.storage.session.get(null);
  const updates: Record<string, RunSnapshot> = {};
  for (const [key, value] of Object.entries(all)) {
    if (!isRunSnapshotKey(key)) continue;
    const parsed = RunSnapshotSchema.safeParse(value);
    if (parsed.success && parsed.data.status === 'running' && !live.has(parsed.data.tabId)) {
      updates[key] = interrupted(parsed.data, Date.now());
    }
  }
  if (Object.keys(updates).length > 0) await browser.storage.session.set(updates);
}

export function forgetRun(tabId: number) {
  live.get(tabId)?.controller.abort();
  live.delete(tabId);
  watchers.delete(tabId);
  void browser.storage.session.remove(runSnapshotKey(tabId));
}
