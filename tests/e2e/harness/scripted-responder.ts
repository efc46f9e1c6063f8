import type { ChatRequest } from '@/lib/llm/chat-model';
import { taskOf } from '../../unit/helpers/scripted-model';
import { readerRules, type World } from '../../unit/pipeline/builders';
import type { ChatCompletionRequest, Responder } from './model-server';

/**
 * The scripted model of the unit tests behind a real HTTP endpoint: it tells the task from the
 * prompt and answers by reading the delimited sources, so the whole pipeline runs unchanged.
 */
export function readerResponder(world: World): Responder {
  const rules = readerRules(world);
  return (chat: ChatCompletionRequest) => {
    const request = { messages: chat.messages } as ChatRequest;
    const rule = rules[taskOf(request)];
    if (!rule) throw new Error(`no rule for ${taskOf(request)}`);
    return JSON.stringify(rule(request));
  };
}
