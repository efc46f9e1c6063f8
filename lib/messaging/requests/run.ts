import { z } from 'zod';
import { RunEventSchema } from '../../core/run-event';
import { MethodSchema } from '../../core/verdict';

/** Pages start, cancel and look up checks; run events stream over the RUN_PORT port. */
export const runRequests = [
  z.object({ type: z.literal('start-run'), tabId: z.number().int(), method: MethodSchema.optional() }),
  z.object({ type: z.literal('cancel-run'), runId: z.string() }),
  z.object({ type: z.literal('get-run'), tabId: z.number().int() }),
] as const;

/** What the background remembers of a tab's latest run: enough to redraw the panel after it reopens. */
export const RunSnapshotSchema = z.object({
  runId: z.string(),
  tabId: z.number().int(),
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  events: z.array(RunEventSchema),
});
export type RunSnapshot = z.infer<typeof RunSnapshotSchema>;

export interface RunResponses {
  'start-run': { runId: string };
  'cancel-run': null;
  'get-run': RunSnapshot | null;
}

/** Messages a page sends on the run port. */
export const RunPortMessageSchema = z.object({ type: z.literal('watch'), tabId: z.number().int() });
export type RunPortMessage = z.infer<typeof RunPortMessageSchema>;

/** Messages the background sends on the run port: the tab's run so far, then each new event. */
export const RunPortOutboundSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), snapshot: RunSnapshotSchema.nullable() }),
  z.object({ type: z.literal('event'), event: RunEventSchema }),
]);
export type RunPortOutbound = z.infer<typeof RunPortOutboundSchema>;
