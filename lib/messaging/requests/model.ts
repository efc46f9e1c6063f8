import { z } from 'zod';
import { ProviderIdSchema } from '../../core/settings';
import type { WebGpuStatus } from '../../llm/webllm/gpu';
import type { LocalModelState } from '../../llm/webllm/local-engine';

const modelId = z.string().min(1).max(200);

/** Options-page requests about backends: check a provider, and manage the local model. */
export const modelRequests = [
  /** Lists the provider's models with the stored key (the key itself never travels in a message). */
  z.object({
    type: z.literal('test-connection'),
    provider: ProviderIdSchema,
    baseUrl: z.url().optional(),
    model: z.string().max(200).optional(),
  }),
  z.object({ type: z.literal('webgpu-status') }),
  z.object({ type: z.literal('list-local-models') }),
  /** Downloads and loads a local model ahead of the first check; progress is read with 'local-model-load-state'. */
  z.object({ type: z.literal('load-local-model'), model: modelId }),
  z.object({ type: z.literal('local-model-load-state') }),
  z.object({ type: z.literal('cancel-model-load') }),
  z.object({ type: z.literal('delete-local-model'), model: modelId }),
] as const;

export const ConnectionReportSchema = z.object({
  /** Models the endpoint lists (empty when it cannot list them). */
  models: z.array(z.string()),
  /** Whether the chosen model is among them; null when nothing was listed or no model is chosen. */
  modelListed: z.boolean().nullable(),
  ms: z.number(),
});
export type ConnectionReport = z.infer<typeof ConnectionReportSchema>;

export const ModelLoadStateSchema = z.object({
  model: z.string(),
  status: z.enum(['loading', 'ready', 'failed', 'cancelled']),
  progress: z.number().min(0).max(1),
  text: z.string(),
});
export type ModelLoadState = z.infer<typeof ModelLoadStateSchema>;

export interface ModelResponses {
  'test-connection': ConnectionReport;
  'webgpu-status': WebGpuStatus;
  'list-local-models': LocalModelState[];
  'load-local-model': null;
  'local-model-load-state': ModelLoadState | null;
  'cancel-model-load': null;
  'delete-local-model': null;
}
