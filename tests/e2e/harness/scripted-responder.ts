import type { ChatRequest } from '@/lib/llm/chat-model';
import { type Form, render } from '../../unit/helpers/messy-forms';
import { promptQuestion, taskOf } from '../../unit/helpers/scripted-model';
import { readerRules, type World } from '../../unit/pipeline/builders';
import type { ChatCompletionRequest, Responder } from './model-server';

/**
 * The scripted model of the unit tests behind a real HTTP endpoint: it tells the task from the
 * prompt and answers by reading the delimited sources, so the whole pipeline runs unchanged. With
 * `forms`, it writes each answer in the next messy form in turn (tests/unit/helpers/messy-forms.ts).
 */
export function readerResponder(world: World, forms: readonly Form[] = ['clean']): Responder {
  const rules = readerRules(world);
  let turn = 0;
  return (chat: ChatCompletionRequest) => {
    const request = { messages: chat.messages } as ChatRequest;
    const rule = rules[taskOf(request)];
    if (!rule) throw new Error(`no rule for ${taskOf(request)}`);
    const form = forms[turn++ % forms.length] ?? 'clean';
    return render(rule(request), form, { question: promptQuestion(request) });
  };
}
