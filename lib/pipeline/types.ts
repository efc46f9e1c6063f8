import type { RunEventBody } from '../core/run-event';
import type { AnswerBox } from '../core/serp-capture';
import type { MethodParams } from '../core/settings';
import type { Source } from '../core/source';
import type { Method, Verdict } from '../core/verdict';
import type { ChatModel } from '../llm/chat-model';
import type { TrustLookup } from '../trust/types';

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
}

export type CheckFunction = (input: CheckInput) => Promise<Verdict>;
