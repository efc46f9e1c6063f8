import type { RunEventBody } from '../core/run-event';
import type { AnswerBox } from '../core/serp-capture';
import type { MethodParams } from '../core/settings';
import type { Source } from '../core/source';
import type { Method, Verdict } from '../core/verdict';
import type { ChatModel } from '../llm/chat-model';
import type { TrustLookup } from '../trust/types';
import type { RunLedger } from './ledger';

/** Everything a method needs for one check. */
export interface CheckInput {
  question: string;
  sources: Source[];
  answerBox?: AnswerBox;
  method: Method;
  params: MethodParams;
  model: ChatModel;
  trust: TrustLookup;
  signal?: AbortSignal;
  /** Progress, partial verdicts and streamed tokens, in order. */
  emit?: (event: RunEventBody) => void;
  /** κ-RRSS caps the agents (default: on a local model only). */
  capAgents?: boolean;
  /** BRIDGE reflections before refusing in the uncertain band α ≤ T_ret < β (default 1; the paper allows 3). */
  reflections?: number;
  /** Check the engine's answer box claim by claim beside the method (default: whenever there is one). */
  claimCheck?: boolean;
  /** A ledger shared with work beside the method (the claim check), so both spend one budget. */
  ledger?: RunLedger;
}

export type CheckFunction = (input: CheckInput) => Promise<Verdict>;
