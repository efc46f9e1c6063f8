import { z } from 'zod';
import { type SerializedError, SerializedErrorSchema } from '../core/errors';
import { type CaptureResponses, captureRequests } from './requests/capture';
import { type ModelResponses, modelRequests } from './requests/model';
import { type RunResponses, runRequests } from './requests/run';
import { type TrustResponses, trustRequests } from './requests/trust';

/** Requests from the extension's own pages (side panel, options). Each area adds its schemas here. */
export const PageRequestSchema = z.discriminatedUnion('type', [
  ...captureRequests,
  ...runRequests,
  ...trustRequests,
  ...modelRequests,
]);
export type PageRequest = z.infer<typeof PageRequestSchema>;
export type PageRequestType = PageRequest['type'];

export type PageResponses = CaptureResponses & RunResponses & TrustResponses & ModelResponses;

export type RequestOf<K extends PageRequestType> = Extract<PageRequest, { type: K }>;

export type Reply<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

export const ReplySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: SerializedErrorSchema }),
]);

export { RUN_PORT } from './run-port';
