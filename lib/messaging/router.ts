import type { z } from 'zod';
import { FactCheckError, toSerializedError } from '../core/errors';
import type { PageRequest, PageRequestType, PageResponses, Reply, RequestOf } from './protocol';
import { isExtensionPage, type SenderInfo } from './sender';

export type { SenderInfo } from './sender';
export { isExtensionPage } from './sender';

export type Handler<K extends PageRequestType> = (
  request: RequestOf<K>,
  sender: SenderInfo,
) => Promise<PageResponses[K]> | PageResponses[K];

export type HandlerMap = { [K in PageRequestType]: Handler<K> };

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
