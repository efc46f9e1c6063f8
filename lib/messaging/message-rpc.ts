import * as z from 'zod/mini';

/**
 * Calls between the service worker and the engine document over runtime messages. Not over ports:
 * a port opened by a page reaches every extension frame that listens for connections, and stays open
 * while any of them lives, so the worker keeps no port listener and the engine opens none to it.
 * Kept on zod/mini: the worker evaluates this at every wake-up, where full zod costs ~40 ms.
 */

export interface WireError {
  code: string;
  message: string;
  retryable: boolean;
}

export type WireReply = { ok: true; value: unknown } | { ok: false; error: WireError };

const WireErrorSchema = z.object({ code: z.string(), message: z.string(), retryable: z.boolean() });
const WireReplySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: WireErrorSchema }),
]);

/** An error that came back from the other side, with its code kept. */
export class RemoteError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  constructor(wire: WireError) {
    super(wire.message);
    this.name = 'RemoteError';
    this.code = wire.code;
    this.retryable = wire.retryable;
  }
  toJSON(): WireError {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}

/** Raised when nobody answered a call (the other side is not running, or stopped before answering). */
export class NoAnswerError extends Error {
  constructor(cause?: unknown) {
    super('The other side did not answer.', { cause });
    this.name = 'NoAnswerError';
  }
}

/** Whatever was thrown, as an error that survives the message boundary and keeps its code. */
export function toWireError(error: unknown): WireError {
  const parsed = WireErrorSchema.safeParse(
    typeof error === 'object' && error !== null && 'toJSON' in error && typeof error.toJSON === 'function'
      ? error.toJSON()
      : error,
  );
  if (parsed.success) return parsed.data;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unexpected error.';
  return { code: 'internal', message, retryable: false };
}

/** Runs a handler and turns its outcome into a reply; it never throws. */
export async function replyTo(handle: () => Promise<unknown>): Promise<WireReply> {
  try {
    return { ok: true, value: (await handle()) ?? null };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

interface CallSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/** Validates one call; a malformed one is refused with the first thing wrong with it. */
export function parseCall<T>(schema: CallSchema<T>, raw: unknown, what: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Malformed ${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** A message on `channel` carrying `call`. */
export const channelMessage = (channel: string, call: unknown) => ({ channel, call });

/** The call a message carries when it is on `channel`, else undefined. */
export function callOn(channel: string, message: unknown): { call: unknown } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  if (!('channel' in message) || message.channel !== channel || !('call' in message)) return undefined;
  return { call: message.call };
}

/**
 * A caller over `send` (runtime.sendMessage): the reply is validated, an error comes back rebuilt
 * by `toError`, and a call nobody answered fails with NoAnswerError.
 */
export function messageCaller(
  channel: string,
  send: (message: unknown) => Promise<unknown>,
  toError: (wire: WireError) => Error = (wire) => new RemoteError(wire),
): (call: unknown) => Promise<unknown> {
  return async (call) => {
    let raw: unknown;
    try {
      raw = await send(channelMessage(channel, call));
    } catch (error) {
      // "Receiving end does not exist" / "message port closed before a response was received".
      throw new NoAnswerError(error);
    }
    const reply = WireReplySchema.safeParse(raw);
    if (!reply.success) throw new NoAnswerError();
    if (!reply.data.ok) throw toError(reply.data.error);
    return reply.data.value;
  };
}

/**
 * Answers a runtime message with a promise in a way every Chrome version understands: the reply
 * through sendResponse, and `true` to keep the channel open until then.
 */
export function respondLater(reply: Promise<unknown>, sendResponse: (response: unknown) => void): true {
  reply.then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: toWireError(error) }));
  return true;
}
