import { z } from 'zod';

/** The fields we read from an entry of WebLLM's prebuiltAppConfig.model_list (validated, never assumed). */
export const ModelRecordSchema = z.object({
  model_id: z.string(),
  vram_required_MB: z.number().optional(),
  low_resource_required: z.boolean().optional(),
  required_features: z.array(z.string()).optional(),
  /** Absent or 0 for a language model; 1 embedding, 2 vision. */
  model_type: z.number().optional(),
  overrides: z.object({ context_window_size: z.number().optional() }).loose().optional(),
});
export type ModelRecord = z.infer<typeof ModelRecordSchema>;

export const LocalModelSchema = z.object({
  id: z.string(),
  /** "Qwen2.5 1.5B Instruct" */
  family: z.string(),
  /** "q4f16_1" */
  quantization: z.string(),
  vramMB: z.number(),
  contextWindow: z.number(),
  /** WebGPU features the model needs, from the catalogue plus shader-f16 for f16 weights. */
  requiredFeatures: z.array(z.string()),
});
export type LocalModel = z.infer<typeof LocalModelSchema>;

/** Small enough for a laptop GPU next to a browser. */
export const MAX_VRAM_MB = 4500;
/** Our prompts (question, sources, instructions) need room: 1k-context variants are left out. */
export const MIN_CONTEXT = 4096;

const INSTRUCT = /instruct|-it-|chat/i;
const SPECIALIZED = /coder|math|jpn/i;
const ID = /^(?<family>.+?)-(?<quantization>q\d+f\d+(?:_\d+)?)-MLC(?<suffix>.*)$/;

/**
 * The local models worth offering, from WebLLM's prebuilt catalogue: chat/instruct language
 * models, general purpose, 4-bit, within MAX_VRAM_MB, with at least MIN_CONTEXT tokens of context.
 */
export function buildCatalogue(records: readonly unknown[]): LocalModel[] {
  const models: LocalModel[] = [];
  for (const raw of records) {
    const parsed = ModelRecordSchema.safeParse(raw);
    if (!parsed.success) continue;
    const record = parsed.data;
    const match = ID.exec(record.model_id);
    const family = match?.groups?.family;
    const quantization = match?.groups?.quantization;
    if (!family || !quantization || match?.groups?.suffix) continue;
    // Unquantized (q0) variants need twice the memory of q4 for little gain at this size.
    if (!quantization.startsWith('q4')) continue;
    if ((record.model_type ?? 0) !== 0 || !INSTRUCT.test(family) || SPECIALIZED.test(family)) continue;
    const vramMB = record.vram_required_MB;
    const contextWindow = record.overrides?.context_window_size ?? MIN_CONTEXT;
    if (vramMB === undefined || vramMB > MAX_VRAM_MB || contextWindow < MIN_CONTEXT) continue;
    // f16 activations need shader-f16 even where the catalogue does not list it.
    const features = new Set(record.required_features ?? []);
    if (/f16/.test(quantization)) features.add('shader-f16');
    models.push({
      id: record.model_id,
      family: family.replace(/-/g, ' '),
      quantization,
      vramMB: Math.round(vramMB),
      contextWindow,
      requiredFeatures: [...features].sort(),
    });
  }
  return models.sort((a, b) => a.vramMB - b.vramMB);
}
