import { FactCheckError } from '../core/errors';
import type { RunEventBody, Stage } from '../core/run-event';
import type { MethodParams } from '../core/settings';
import { emptyUsage, type Usage } from '../core/verdict';
import type { ChatModel, ChatRequest, ChatResult } from '../llm/chat-model';
import { createPriorityLimiter, type PriorityLimiter } from './priority-limiter';

export interface CallOptions {
  /** Lower runs first when calls queue (the fast answer goes before the agents). */
  priority?: number;
  /** Forward streamed text as 'token' events of this stage. */
  stream?: boolean;
  /** The call uses one of the calls set aside with reserve(). */
  reserved?: boolean;
}

export type LedgerRequest = Omit<ChatRequest, 'signal' | 'onToken'>;

const cancelled = () => new FactCheckError('cancelled', 'The check was cancelled.');

/**
 * Every model call of a run goes through the ledger: it enforces the call and token budget,
 * bounds concurrency by model.maxConcurrency, passes the run's AbortSignal to every call,
 * counts usage per stage, and emits the stage events.
 */
export class RunLedger {
  readonly model: ChatModel;
  private readonly params: MethodParams;
  private readonly signal: AbortSignal | undefined;
  private readonly sink: ((event: RunEventBody) => void) | undefined;
  private readonly limiter: PriorityLimiter;
  private readonly startedAt = Date.now();
  private readonly total: Usage = emptyUsage();
  private readonly perStage = new Map<Stage, Usage>();
  private callsStarted = 0;
  private callsReserved = 0;

  constructor(input: {
    model: ChatModel;
    params: MethodParams;
    signal?: AbortSignal;
    emit?: (event: RunEventBody) => void;
  }) {
    this.model = input.model;
    this.params = input.params;
    this.signal = input.signal;
    this.sink = input.emit;
    this.limiter = createPriorityLimiter(input.model.maxConcurrency);
  }

  emit(event: RunEventBody): void {
    this.sink?.(event);
  }

  throwIfCancelled(): void {
    if (this.signal?.aborted) throw cancelled();
  }

  /** Calls left before the budget runs out (the caller may plan with it). */
  get callsLeft(): number {
    return Math.max(0, this.params.maxCalls - this.callsStarted - this.callsReserved);
  }

  /** Sets calls aside for work that runs beside the method (the claim check); returns how many it got. */
  reserve(calls: number): number {
    const granted = Math.min(Math.max(0, calls), this.callsLeft);
    this.callsReserved += granted;
    return granted;
  }

  /** Gives reserved calls that will not be made back to the run. */
  release(calls: number): void {
    this.callsReserved = Math.max(0, this.callsReserved - calls);
  }

  canAfford(calls: number): boolean {
    return calls <= this.callsLeft && this.tokensUsed < this.params.maxTokens;
  }

  private get tokensUsed(): number {
    return this.total.promptTokens + this.total.completionTokens;
  }

  private checkBudget(): void {
    if (this.callsStarted + this.callsReserved >= this.params.maxCalls) {
      throw new FactCheckError('budget-exceeded', `The run reached its limit of ${this.params.maxCalls} model calls.`);
    }
    this.checkTokens();
  }

  private checkTokens(): void {
    if (this.tokensUsed >= this.params.maxTokens) {
      throw new FactCheckError('budget-exceeded', `The run reached its limit of ${this.params.maxTokens} tokens.`);
    }
  }

  async generate(stage: Stage, request: LedgerRequest, options: CallOptions = {}): Promise<ChatResult> {
    this.throwIfCancelled();
    if (options.reserved && this.callsReserved > 0) {
      this.checkTokens();
      this.callsReserved--;
    } else this.checkBudget();
    // Reserved before waiting for a slot, so concurrent calls cannot overshoot the cap together.
    this.callsStarted++;
    const result = await this.limiter.run(
      async () => {
        this.throwIfCancelled();
        // Calls that queued behind others see the tokens those spent.
        this.checkTokens();
        return this.model.generate({
          ...request,
          ...(this.signal ? { signal: this.signal } : {}),
          ...(options.stream ? { onToken: (text: string) => this.emit({ type: 'token', stage, text }) } : {}),
        });
      },
      options.priority ?? 5,
      this.signal,
    );
    this.throwIfCancelled();
    this.record(stage, result);
    return result;
  }

  private record(stage: Stage, result: ChatResult): void {
    const usage = this.perStage.get(stage) ?? emptyUsage();
    for (const tally of [usage, this.total]) {
      tally.calls++;
      tally.promptTokens += Math.max(0, Math.round(result.usage.promptTokens));
      tally.completionTokens += Math.max(0, Math.round(result.usage.completionTokens));
      tally.ms += Math.max(0, result.usage.ms);
    }
    this.perStage.set(stage, usage);
  }

  /** Runs `work` as one stage: started/finished events with the stage's time and usage. */
  async stage<T>(stage: Stage, work: () => Promise<T>, detail?: string): Promise<T> {
    this.throwIfCancelled();
    const before = { ...(this.perStage.get(stage) ?? emptyUsage()) };
    const start = Date.now();
    this.emit({ type: 'stage', stage, status: 'started', ...(detail ? { detail } : {}) });
    const result = await work();
    const after = this.perStage.get(stage) ?? emptyUsage();
    const ms = Date.now() - start;
    this.emit({
      type: 'stage',
      stage,
      status: 'finished',
      ms,
      usage: {
        calls: after.calls - before.calls,
        promptTokens: after.promptTokens - before.promptTokens,
        completionTokens: after.completionTokens - before.completionTokens,
        ms,
      },
    });
    return result;
  }

  /** The run's usage so far; ms is wall time since the run began, not the sum of call times. */
  usage(): Usage {
    return { ...this.total, ms: Date.now() - this.startedAt };
  }
}
