import { browser } from 'wxt/browser';
import { FactCheckError } from '../core/errors';
import type { PageRequestType, PageResponses, RequestOf } from './protocol';
import { ReplySchema } from './protocol';

/** Sends a request from an extension page to the background and rebuilds its typed error. */
export async function request<K extends PageRequestType>(message: RequestOf<K>): Promise<PageResponses[K]> {
  const raw: unknown = await browser.runtime.sendMessage(message);
  const reply = ReplySchema.safeParse(raw);
  if (!reply.success) throw new FactCheckError('internal', 'The background sent a malformed reply.');
  if (!reply.data.ok) throw FactCheckError.fromJSON(reply.data.error);
  return reply.data.value as PageResponses[K];
}
