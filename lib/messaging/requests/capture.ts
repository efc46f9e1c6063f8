import { z } from 'zod';
import { SerpCaptureSchema } from '../../core/serp-capture';

/** Pages ask for what the content script captured in a tab. */
export const captureRequests = [z.object({ type: z.literal('get-capture'), tabId: z.number().int() })] as const;

export const CaptureStateSchema = z.object({
  capture: SerpCaptureSchema.nullable(),
  /** Why the page could not be read, when it could not. */
  failure: z.string().nullable(),
});
export type CaptureState = z.infer<typeof CaptureStateSchema>;

export interface CaptureResponses {
  'get-capture': CaptureState;
}
