import { z } from 'zod';

export const ProviderIdSchema = z.enum(['openai', 'anthropic', 'gemini', 'openai-compatible']);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/** Which model answers. Keys are not part of settings: they live in their own storage item. */
export const BackendSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('webllm'), model: z.string().nullable().default(null) }),
  z.object({
    kind: z.literal('provider'),
    provider: ProviderIdSchema,
    model: z.string().min(1),
    baseUrl: z.url().optional(),
  }),
]);
export type Backend = z.infer<typeof BackendSchema>;

export const MethodParamsSchema = z.object({
  /** Astute t: consolidation iterations. */
  iterations: z.number().int().min(1).max(5).default(1),
  /** Astute m̂: at most this many passages from the model's memory. */
  passages: z.number().int().min(0).max(5).default(1),
  /** MADAM T: debate rounds at most. */
  rounds: z.number().int().min(1).max(6).default(3),
  /** RA-RAG κ: at most this many reliable and relevant sources get agents. */
  kappa: z.number().int().min(1).max(20).default(4),
  /** BRIDGE thresholds, α < β. */
  alpha: z.number().min(0).max(2).default(0.5),
  beta: z.number().min(0).max(2).default(1.0),
  maxCalls: z.number().int().min(1).max(500).default(60),
  maxTokens: z.number().int().min(1000).max(2_000_000).default(120_000),
});
export type MethodParams = z.infer<typeof MethodParamsSchema>;

export const PresetSchema = z.enum(['fast', 'thorough', 'custom']);
export type Preset = z.infer<typeof PresetSchema>;

export const TriggerSchema = z.enum(['automatic', 'questions', 'manual']);
export type Trigger = z.infer<typeof TriggerSchema>;

export const CustomEngineSchema = z.object({
  /** The adapter to use, e.g. 'searxng'. */
  engine: z.string().min(1),
  /** A match pattern such as https://search.example.org/* */
  pattern: z.string().min(1),
});
export type CustomEngine = z.infer<typeof CustomEngineSchema>;

export const SettingsSchema = z.object({
  backend: BackendSchema.default({ kind: 'webllm', model: null }),
  /** Requests in flight at once for a provider; the local model always runs one at a time. */
  concurrency: z.number().int().min(1).max(16).default(4),
  timeoutSeconds: z.number().int().min(5).max(600).default(60),
  preset: PresetSchema.default('fast'),
  params: MethodParamsSchema.default(MethodParamsSchema.parse({})),
  trigger: TriggerSchema.default('manual'),
  /** Engines switched off by the person; everything else is on. */
  disabledEngines: z.array(z.string()).default([]),
  customEngines: z.array(CustomEngineSchema).default([]),
  showBadges: z.boolean().default(true),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const defaultSettings = (): Settings => SettingsSchema.parse({});

export const ApiKeysSchema = z.partialRecord(ProviderIdSchema, z.string());
export type ApiKeys = z.infer<typeof ApiKeysSchema>;
