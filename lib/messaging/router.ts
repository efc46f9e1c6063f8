import type { z } from 'zod';
import { FactCheckError, toSerializedError } from '../core/errors';
import type { PageRequest, PageRequestType, PageResponses, Reply, RequestOf } from './protocol';

/** Who sent a message, reduced to what trust decisions need. */
export interface SenderInfo {
  /** The sender's URL (a page URL for content scripts, an extension URL for our pages). */
  url: string | undefined;
  tabId: number | undefined;
  /** The extension id of the sender; another extension or a page has a different one or none. */
  extensionId: string | undefined;
}

export type Handler<K extends PageRequestType> = (
  request: RequestOf<K>,
  sender: SenderInfo,
) => Promise<PageResponses[K]> | PageResponses[K];

export type HandlerMap = { [K in PageRequestType]: Handler<K> };

/** True when the message comes from one of this extension's own pages, not a content script or a website. */
export function isExtensionPage(sender: SenderInfo, ownId: string, ownOrigin: string): boolean {
  return sender.extensionId === ownId && typeof sender.url === 'string' && sender.url.startsWith(ownOrigin);
}

/**
 * Validates an inbound page request and dispatches it to its handler.
 * Anything not from our own pages is refused before it is even parsed.
 */
export async function routePageRequest(
  raw: unknown,
  sender: SenderInfo,
  handlers: HandlerMap,
  own: { id: string; origin: string },
  schema: z.ZodType<PageRequest>,
): Promise<Reply<unknown>> {
  if (!isExtensionPage(sender, own.id, own.origin)) {
    return {
      ok: false,
      error: new FactCheckError('forbidden', 'This request is only accepted from the extension.').toJSON(),
    };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      error: new FactCheckError(
        'bad-input',
        `Malformed request: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      ).toJSON(),
    };
  }
  const request = parsed.data;
  try {
    const handler = handlers[request.type] as Handler<typeof request.type>;
    return { ok: true, value: await handler(request as never, sender) };
  } catch (error) {
    return { ok: false, error: toSerializedError(error) };
  }
}
