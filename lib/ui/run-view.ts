import type { ClaimCheck } from '../core/claim-check';
import type { SerializedError } from '../core/errors';
import type { RunEvent, Stage } from '../core/run-event';
import type { Verdict } from '../core/verdict';
import type { RunPortOutbound, RunSnapshot } from '../messaging/requests/run';

export type RunStatus = 'idle' | 'starting' | 'running' | 'done' | 'failed' | 'cancelled';

export interface StageView {
  stage: Stage;
  /** 'stopped': still running when the run failed or was cancelled, so it never finished. */
  status: 'running' | 'done' | 'stopped';
  startedAt: number;
  /** Time the stage took, once finished. */
  ms: number | null;
  detail: string | null;
}

/** Everything the panel shows about a tab's run, derived from its events only. */
export interface RunView {
  runId: string | null;
  status: RunStatus;
  question: string | null;
  engine: string | null;
  method: string | null;
  startedAt: number | null;
  /** In the order they first started. */
  stages: StageView[];
  /** Streamed text per stage, and the stage that streamed last (the one worth showing). */
  streams: Partial<Record<Stage, string>>;
  streamingStage: Stage | null;
  modelProgress: { progress: number; text: string } | null;
  verdict: Verdict | null;
  /** False while the verdict is a partial one that later stages may still improve. */
  verdictFinal: boolean;
  /** The engine's own answer checked claim by claim, as far as it has got. */
  claimCheck: ClaimCheck | null;
  error: SerializedError | null;
  /** False until the background has said what the tab's run is: the panel shows nothing rather than guess. */
  synced: boolean;
}

export type RunAction =
  | RunPortOutbound
  | { type: 'starting' }
  | { type: 'start-failed'; error: SerializedError }
  /** The person reviewed a conflict; the background answered with the resolved verdict. */
  | { type: 'reviewed'; verdict: Verdict };

export const idleRun: RunView = {
  runId: null,
  status: 'idle',
  question: null,
  engine: null,
  method: null,
  startedAt: null,
  stages: [],
  streams: {},
  streamingStage: null,
  modelProgress: null,
  verdict: null,
  verdictFinal: false,
  claimCheck: null,
  error: null,
  synced: false,
};

function freshRun(runId: string): RunView {
  return { ...idleRun, runId, status: 'running' };
}

function withStage(state: RunView, event: Extract<RunEvent, { type: 'stage' }>): RunView {
  const existing = state.stages.find((stage) => stage.stage === event.stage);
  if (event.status === 'started') {
    const started: StageView = {
      stage: event.stage,
      status: 'running',
      startedAt: event.at,
      ms: null,
      detail: event.detail ?? null,
    };
    const stages = existing
      ? state.stages.map((stage) => (stage.stage === event.stage ? started : stage))
      : [...state.stages, started];
    return { ...state, stages };
  }
  const finished: StageView = {
    stage: event.stage,
    status: 'done',
    startedAt: existing?.startedAt ?? event.at,
    ms: event.ms ?? (existing ? event.at - existing.startedAt : null),
    detail: event.detail ?? existing?.detail ?? null,
  };
  const stages = existing
    ? state.stages.map((stage) => (stage.stage === event.stage ? finished : stage))
    : [...state.stages, finished];
  // The model is loaded once its stage ends: its download bar has nothing more to say.
  return { ...state, stages, modelProgress: event.stage === 'model-load' ? null : state.modelProgress };
}

/** Stages still marked running when the run ends did not finish: they stop, with the time they ran. */
function settled(stages: StageView[], endedAt: number): StageView[] {
  return stages.map((stage) =>
    stage.status === 'running' ? { ...stage, status: 'stopped', ms: Math.max(0, endedAt - stage.startedAt) } : stage,
  );
}

export function applyEvent(state: RunView, event: RunEvent): RunView {
  // An event of another run means a newer run took over the tab.
  const base = state.runId === event.runId ? state : freshRun(event.runId);
  switch (event.type) {
    case 'started':
      return {
        ...freshRun(event.runId),
        question: event.question,
        engine: event.engine,
        method: event.method,
        startedAt: event.at,
      };
    case 'stage':
      return withStage(base, event);
    case 'token':
      return {
        ...base,
        streams: { ...base.streams, [event.stage]: (base.streams[event.stage] ?? '') + event.text },
        streamingStage: event.stage,
      };
    case 'model-progress':
      return { ...base, modelProgress: { progress: event.progress, text: event.text } };
    case 'partial':
      return { ...base, verdict: event.verdict, verdictFinal: false };
    case 'claim-check':
      return { ...base, claimCheck: event.check };
    case 'final':
      return {
        ...base,
        verdict: event.verdict,
        verdictFinal: true,
        claimCheck: event.verdict.claimCheck ?? base.claimCheck,
        status: 'done',
        modelProgress: null,
      };
    case 'error':
      return {
        ...base,
        status: event.error.code === 'cancelled' ? 'cancelled' : 'failed',
        error: event.error,
        stages: settled(base.stages, event.at),
        modelProgress: null,
      };
  }
}

/** The view a remembered run stands for: its events replayed, its status as the background recorded it. */
export function fromSnapshot(snapshot: RunSnapshot | null): RunView {
  if (!snapshot) return idleRun;
  const replayed = snapshot.events.reduce(applyEvent, freshRun(snapshot.runId));
  return { ...replayed, runId: snapshot.runId, status: snapshot.status };
}

/** Pure: the panel's run state after one message from the background or one local step. */
export function runViewReducer(state: RunView, action: RunAction): RunView {
  const next = nextView(state, action);
  const synced = state.synced || action.type === 'snapshot';
  return next.synced === synced ? next : { ...next, synced };
}

function nextView(state: RunView, action: RunAction): RunView {
  switch (action.type) {
    case 'snapshot':
      // An empty answer while a start is on its way would hide the "starting" state.
      return action.snapshot === null && state.status === 'starting' ? state : fromSnapshot(action.snapshot);
    case 'event':
      return applyEvent(state, action.event);
    case 'starting':
      return { ...idleRun, status: 'starting' };
    case 'start-failed':
      return { ...idleRun, status: 'failed', error: action.error };
    case 'reviewed':
      return state.verdict
        ? { ...state, verdict: action.verdict, claimCheck: action.verdict.claimCheck ?? state.claimCheck }
        : state;
  }
}

export const isBusy = (view: RunView) => view.status === 'starting' || view.status === 'running';
