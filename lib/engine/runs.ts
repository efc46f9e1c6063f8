import { addLateClaimCheck } from '../claims/run-claims';
import { FactCheckError, toSerializedError } from '../core/errors';
import { paramsFor } from '../core/presets';
import type { RunEvent, RunEventBody } from '../core/run-event';
import type { SerpCapture } from '../core/serp-capture';
import type { Settings } from '../core/settings';
import type { Method, Verdict } from '../core/verdict';
import type { PortLike } from '../messaging/port';
import {
  RunPortMessageSchema,
  type RunPortOutbound,
  type RunSnapshot,
  RunSnapshotSchema,
} from '../messaging/requests/run';
import type { HandlerMap } from '../messaging/router';
import { runCheck } from '../pipeline/run-check';
import { checksByItself, sameQuestion } from '../runs/auto-run';
import { CHECK_LIMITS, createCheckRateLimiter, type LimitedKind, rateLimitMessage } from '../runs/rate-limit';
import { appendEvent, interrupted, newSnapshot } from '../runs/snapshot';
import { adapterFor } from '../serp/registry';
import { CHECK_LIMITS_KEY, isRunSnapshotKey, runSnapshotKey } from '../storage/session-keys';
import type { SeenOn } from '../trust/state';
import { type ClaimMarkStream, claimMarkStream, showBadges } from './badges';
import { readCaptureState } from './captures';
import type { EngineContext } from './context';
import { modelFor } from './models';
import { toolbarReporter } from './toolbar';

interface LiveRun {
  snapshot: RunSnapshot;
  controller: AbortController;
  /** The results page's marks on the engine's answer, sent as each claim is judged. */
  marks: ClaimMarkStream;
}

export interface RunHost {
  handlers: Pick<HandlerMap, 'start-run' | 'cancel-run' | 'get-run'>;
  /** `trigger` 'automatic' when no one pressed Check: such runs, and runs on custom instances, are rate-limited. */
  startRun(tabId: number, method?: Method, trigger?: 'manual' | 'automatic'): Promise<{ runId: string }>;
  /**
   * The tab's page was read again with an answer box its check (finished or running) did not have:
   * when the person lets checks run by themselves, the box's claims are checked and added to that
   * check (a running one first finishes). Rate-limited like every automatic check.
   */
  checkLateAnswerBox(tabId: number): Promise<void>;
  /** A page following a tab's runs (its sender already checked): the run so far, then each event. */
  watch(port: PortLike): void;
  forget(tabId: number): Promise<void>;
  /** Resolves once runs cut off by a stop of the engine are marked as such (done at start). */
  ready: Promise<void>;
}

const KEEP_ALIVE_MS = 20_000;

/** Where a check's results came from: an address no built-in engine serves is a search instance the person added. */
export function seenOnOf(url: string): SeenOn {
  if (!URL.canParse(url)) return 'custom';
  return adapterFor(new URL(url)) ? 'engine' : 'custom';
}
export const fromCustomInstance = (capture: SerpCapture): boolean => seenOnOf(capture.url) === 'custom';
const hasBox = (capture: SerpCapture) => (capture.answerBox?.text.trim() ?? '') !== '';

/**
 * Runs one check per tab, streams its events to the pages watching that tab, and keeps a snapshot
 * in storage.session so a page that comes back (or an engine that restarts) sees how it went.
 */
export function createRunHost(
  context: EngineContext,
  /** Keeps a finished check; a check saved again may come back as stored (with the person's reviews). */
  onFinished: (checkId: string, capture: SerpCapture, verdict: Verdict) => Promise<Verdict | undefined> | Promise<void>,
): RunHost {
  const { services, settings, trust } = context;
  const toolbar = toolbarReporter(services);
  const live = new Map<number, LiveRun>();
  const watchers = new Map<number, Set<PortLike>>();
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  // The counts outlast the engine (storage.session): a restart must not give a page a fresh allowance.
  let limiter = createCheckRateLimiter();
  const limiterLoaded = services.session
    .get(CHECK_LIMITS_KEY)
    .then((stored) => {
      limiter = createCheckRateLimiter(CHECK_LIMITS, stored[CHECK_LIMITS_KEY]);
    })
    .catch((error: unknown) => console.warn('could not read the check counts', error));
  const saveLimits = () => {
    const state = limiter.state();
    const empty = state.all.length === 0 && state.byTab.length === 0;
    return (
      empty ? services.session.remove(CHECK_LIMITS_KEY) : services.session.set({ [CHECK_LIMITS_KEY]: state })
    ).catch((error: unknown) => console.warn('could not keep the check counts', error));
  };
  /** Whether the tab's last check was given an answer box (lost with the engine: then its verdict says). */
  const hadBox = new Map<number, boolean>();

  const unwatch = (port: PortLike) => {
    for (const set of watchers.values()) set.delete(port);
  };

  /**
   * A page may close (or its sidebar reload) at any moment, and the browser tells us after the fact:
   * posting on a port that is gone throws ("Attempt to postMessage on disconnected port" in Firefox).
   */
  const post = (port: PortLike, message: RunPortOutbound) => {
    try {
      port.postMessage(message);
    } catch {
      unwatch(port);
    }
  };

  const broadcast = (tabId: number, message: RunPortOutbound) => {
    for (const port of [...(watchers.get(tabId) ?? [])]) post(port, message);
  };

  const persist = (snapshot: RunSnapshot) =>
    context.tabSession.write(snapshot.tabId, { [runSnapshotKey(snapshot.tabId)]: snapshot });

  /** At start no run is live: any snapshot still marked running was cut off when the engine stopped. */
  const endInterruptedRuns = async () => {
    const all = await services.session.get(null);
    const updates: Record<string, RunSnapshot> = {};
    for (const [key, value] of Object.entries(all)) {
      if (!isRunSnapshotKey(key)) continue;
      const parsed = RunSnapshotSchema.safeParse(value);
      if (parsed.success && parsed.data.status === 'running' && !live.has(parsed.data.tabId)) {
        updates[key] = interrupted(parsed.data, Date.now());
      }
    }
    if (Object.keys(updates).length > 0) await services.session.set(updates);
  };
  const ready = endInterruptedRuns().catch((error: unknown) => console.warn('could not end interrupted runs', error));

  const storedSnapshot = async (tabId: number): Promise<RunSnapshot | null> => {
    // A page that connects right after a restart must not see a cut-off run as still running.
    await ready;
    const key = runSnapshotKey(tabId);
    const parsed = RunSnapshotSchema.safeParse((await services.session.get(key))[key]);
    return parsed.success ? parsed.data : null;
  };

  /** A run waiting on a slow model must not lose the background that carries its messages. */
  const updateKeepAlive = () => {
    if (live.size > 0 && !keepAlive) {
      keepAlive = setInterval(() => void services.keepAlive().catch(() => undefined), KEEP_ALIVE_MS);
    } else if (live.size === 0 && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = undefined;
    }
  };

  /** A run replaced by a newer one in its tab (or whose tab closed): whatever it still says is dropped. */
  const superseded = (run: LiveRun) => live.get(run.snapshot.tabId) !== run;

  const emitter = (run: LiveRun) => (body: RunEventBody) => {
    if (superseded(run)) return;
    const event = { ...body, runId: run.snapshot.runId, at: Date.now() } as RunEvent;
    run.snapshot = appendEvent(run.snapshot, event);
    broadcast(run.snapshot.tabId, { type: 'event', event });
    // Tokens arrive many times a second; they are stored with the next step instead.
    if (event.type !== 'token') void persist(run.snapshot).catch(() => undefined);
    if (event.type === 'claim-check') run.marks.update(event.check);
  };

  /** The verdict is shown first; the trust store, the history and the page's badges follow from it. */
  const finish = async (run: LiveRun, capture: SerpCapture, verdict: Verdict, emit: (body: RunEventBody) => void) => {
    emit({ type: 'final', verdict });
    emit({ type: 'stage', stage: 'trust-update', status: 'started' });
    const start = Date.now();
    await trust.recordVerdict(verdict, run.snapshot.runId, seenOnOf(capture.url));
    await onFinished(run.snapshot.runId, capture, verdict);
    emit({ type: 'stage', stage: 'trust-update', status: 'finished', ms: Date.now() - start });
    // The streamed marks land first, so the final ones are the page's last word.
    await run.marks.settled();
    await showBadges(context, run.snapshot.tabId, { verdict }, await trust.lookup());
  };

  const execute = async (run: LiveRun, capture: SerpCapture, method: Method) => {
    const emit = emitter(run);
    const { signal } = run.controller;
    const cancelled = () => new FactCheckError('cancelled', 'The check was cancelled.');
    try {
      emit({ type: 'started', question: capture.query, engine: capture.engine, method });
      const current = await settings.get();
      const lookup = await trust.lookup();
      const sources = capture.results.filter((source) => !lookup(source.domain).blocked);
      emit({ type: 'stage', stage: 'model-load', status: 'started' });
      const loadStart = Date.now();
      const model = await modelFor(context, current, (p) => emit({ type: 'model-progress', ...p }), signal);
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
      if (signal.aborted) throw cancelled();
      await finish(run, capture, verdict, emit);
      if (!superseded(run)) await toolbar.finished(run.snapshot.tabId, capture.query, { verdict });
    } catch (error) {
      emit({ type: 'error', error: toSerializedError(signal.aborted ? cancelled() : error) });
      if (!superseded(run)) {
        await toolbar.finished(
          run.snapshot.tabId,
          capture.query,
          signal.aborted ? { cancelled: true } : { failed: true },
        );
      }
    } finally {
      // A superseded run must not overwrite its successor's snapshot.
      if (!superseded(run)) {
        live.delete(run.snapshot.tabId);
        await persist(run.snapshot).catch(() => undefined);
      }
      updateKeepAlive();
    }
  };

  /**
   * A check over the limit is not run: the tab's panel shows why, unless a run is going on there,
   * which then stays what the panel and storage show (a refused manual check is told to its caller).
   */
  const refuse = async (tabId: number, kind: LimitedKind, retryAt: number) => {
    const now = Date.now();
    const runId = crypto.randomUUID();
    const error = { code: 'check-limit' as const, message: rateLimitMessage(kind, retryAt, now), retryable: true };
    if (live.has(tabId)) {
      if (kind === 'automatic') return { runId };
      throw new FactCheckError('check-limit', error.message);
    }
    const snapshot = appendEvent(newSnapshot(runId, tabId), { type: 'error', runId, at: now, error });
    await persist(snapshot);
    broadcast(tabId, { type: 'snapshot', snapshot });
    if (kind === 'custom-instance') throw new FactCheckError('check-limit', error.message);
    return { runId };
  };

  const startRun = async (tabId: number, method: Method = 'auto', trigger: 'manual' | 'automatic' = 'manual') => {
    const { capture } = await readCaptureState(services.session, tabId);
    if (!capture) {
      throw new FactCheckError(
        'no-capture',
        'There are no search results in this tab to check. Search first, then press Check.',
      );
    }
    const limited: LimitedKind | null =
      trigger === 'automatic' ? 'automatic' : fromCustomInstance(capture) ? 'custom-instance' : null;
    if (limited) {
      await limiterLoaded;
      const decision = limiter.take(tabId, Date.now());
      await saveLimits();
      if (!decision.allowed) return refuse(tabId, limited, decision.retryAt ?? Date.now());
    }
    live.get(tabId)?.controller.abort();
    const run: LiveRun = {
      snapshot: newSnapshot(crypto.randomUUID(), tabId),
      controller: new AbortController(),
      marks: claimMarkStream(context, tabId),
    };
    live.set(tabId, run);
    hadBox.set(tabId, hasBox(capture));
    updateKeepAlive();
    await persist(run.snapshot);
    broadcast(tabId, { type: 'snapshot', snapshot: run.snapshot });
    void toolbar.checking(tabId);
    // An AI Overview that streamed in while the check ran is checked once the check is done.
    void execute(run, capture, method).then(() => checkLateAnswerBox(tabId));
    return { runId: run.snapshot.runId };
  };

  /** The finished verdict of the tab's check of this capture's question, when it lacks the capture's box. */
  const verdictMissingBox = async (tabId: number, capture: SerpCapture) => {
    if (live.has(tabId) || !hasBox(capture)) return null;
    const snapshot = await storedSnapshot(tabId);
    if (snapshot?.status !== 'done') return null;
    const question = snapshot.events.find((event) => event.type === 'started')?.question;
    if (question === undefined || !sameQuestion(question, capture.query)) return null;
    const final = snapshot.events.findLast((event) => event.type === 'final');
    if (final?.type !== 'final') return null;
    const { verdict } = final;
    const checkedBox = hadBox.get(tabId) ?? (verdict.claimCheck !== undefined || verdict.method === 'claims');
    return checkedBox || verdict.claimCheck ? null : { snapshot, verdict };
  };

  const checkLateAnswerBox = async (tabId: number) => {
    const current = await settings.get();
    const { capture } = await readCaptureState(services.session, tabId);
    if (!capture || !checksByItself(current.trigger, capture.query)) return;
    const found = await verdictMissingBox(tabId, capture);
    await limiterLoaded;
    // A second look after the awaits: a check may have started in the meantime.
    if (!found || live.has(tabId)) return;
    const allowed = limiter.take(tabId, Date.now()).allowed;
    await saveLimits();
    if (!allowed || live.has(tabId)) return;
    const run: LiveRun = {
      snapshot: found.snapshot,
      controller: new AbortController(),
      marks: claimMarkStream(context, tabId),
    };
    live.set(tabId, run);
    hadBox.set(tabId, true);
    updateKeepAlive();
    void toolbar.checking(tabId);
    void executeLate(run, capture, found.verdict, current);
  };

  /** The late box's claims, streamed into the finished check; on failure the check stays as it was. */
  const executeLate = async (run: LiveRun, capture: SerpCapture, checked: Verdict, current: Settings) => {
    const { tabId } = run.snapshot;
    const before = run.snapshot;
    const emit = emitter(run);
    const { signal } = run.controller;
    // The check's verdict stays on the panel, no longer final: its claims cannot be reviewed before
    // they are in the history (the same verdict, final, follows with them).
    emit({ type: 'partial', verdict: checked });
    try {
      const lookup = await trust.lookup();
      const model = await modelFor(context, current, (p) => emit({ type: 'model-progress', ...p }), signal);
      const added = await addLateClaimCheck(
        {
          question: capture.query,
          sources: capture.results.filter((source) => !lookup(source.domain).blocked),
          ...(capture.answerBox ? { answerBox: capture.answerBox } : {}),
          method: 'claims',
          params: paramsFor(current),
          model,
          trust: lookup,
          signal,
          emit,
        },
        checked,
      );
      if (superseded(run)) return;
      if (signal.aborted) throw new FactCheckError('cancelled', 'The check of the AI answer was cancelled.');
      // The check's verdict with the box's claims, as the history keeps it (with the person's reviews
      // of its conflicts applied): what the panel, the toolbar and the page show.
      const stored = await onFinished(run.snapshot.runId, capture, added).catch((error: unknown) => {
        console.warn('the answer box’s claims were not kept in the history', error);
      });
      if (superseded(run)) return;
      const verdict = stored ?? added;
      emit({ type: 'final', verdict });
      await run.marks.settled();
      await showBadges(context, tabId, { verdict }, await trust.lookup());
      await toolbar.finished(tabId, capture.query, { verdict });
    } catch (error) {
      // The check stays as it was (its own answer is not at fault): the panel's "Check the AI answer" remains.
      if (!superseded(run)) {
        console.warn('late answer box not checked', error);
        run.snapshot = before;
        broadcast(tabId, { type: 'snapshot', snapshot: before });
        await run.marks.settled();
        // The marks streamed so far go with the claims they belonged to.
        await services.sendToTab(tabId, { type: 'show-claim-marks', marks: [] }).catch(() => undefined);
        await toolbar.finished(tabId, capture.query, { verdict: checked });
      }
    } finally {
      if (!superseded(run)) {
        live.delete(tabId);
        await persist(run.snapshot).catch(() => undefined);
      }
      updateKeepAlive();
    }
  };

  const snapshotOf = async (tabId: number) => live.get(tabId)?.snapshot ?? (await storedSnapshot(tabId));

  return {
    ready,
    startRun,
    checkLateAnswerBox,
    handlers: {
      'start-run': ({ tabId, method }) => startRun(tabId, method),
      async 'cancel-run'({ runId }) {
        for (const run of live.values()) if (run.snapshot.runId === runId) run.controller.abort();
        return null;
      },
      'get-run': ({ tabId }) => snapshotOf(tabId),
    },
    watch(port) {
      port.onMessage.addListener((raw: unknown) => {
        const parsed = RunPortMessageSchema.safeParse(raw);
        if (!parsed.success) return;
        const { tabId } = parsed.data;
        unwatch(port);
        const set = watchers.get(tabId) ?? new Set<PortLike>();
        set.add(port);
        watchers.set(tabId, set);
        void snapshotOf(tabId).then(
          (snapshot) => {
            // While the snapshot was read the page may have gone, or moved on to another tab, or a
            // run may have started (its own snapshot already went out: this older one must not follow it).
            if (!watchers.get(tabId)?.has(port)) return;
            post(port, { type: 'snapshot', snapshot: live.get(tabId)?.snapshot ?? snapshot });
          },
          (error: unknown) => console.warn('run snapshot not read', error),
        );
      });
      port.onDisconnect.addListener(() => unwatch(port));
    },
    async forget(tabId) {
      await limiterLoaded;
      limiter.forget(tabId);
      await saveLimits();
      hadBox.delete(tabId);
      live.get(tabId)?.controller.abort();
      live.delete(tabId);
      watchers.delete(tabId);
      updateKeepAlive();
      await services.session.remove(runSnapshotKey(tabId));
    },
  };
}
