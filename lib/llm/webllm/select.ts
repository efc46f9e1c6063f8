import type { LocalModel } from './catalogue';
import type { WebGpuStatus } from './gpu';

/** Models this GPU can run: every required feature present (shader-f16 or fall back to q4f32 variants). */
export function compatibleModels(catalogue: readonly LocalModel[], gpu: WebGpuStatus): LocalModel[] {
  if (!gpu.available) return [];
  const features = new Set(gpu.features);
  return catalogue.filter((model) => model.requiredFeatures.every((feature) => features.has(feature)));
}

/** Families that follow instructions well enough for checking, best first. */
export const PREFERRED_FAMILIES = [
  'Qwen2.5 1.5B Instruct',
  'Llama 3.2 1B Instruct',
  'Qwen2.5 0.5B Instruct',
  'SmolLM2 360M Instruct',
] as const;

/** Above this, a default would crowd out the browser on an ordinary laptop. */
export const DEFAULT_VRAM_BUDGET_MB = 2048;

/**
 * The model picked when the person has not chosen: the first preferred family the GPU can
 * run within the VRAM budget (its lightest variant), or else the smallest runnable model.
 * A software adapter gets the smallest, since anything larger would take minutes per answer.
 */
export function defaultModel(catalogue: readonly LocalModel[], gpu: WebGpuStatus): LocalModel | undefined {
  const runnable = compatibleModels(catalogue, gpu);
  const smallest = [...runnable].sort((a, b) => a.vramMB - b.vramMB)[0];
  if (gpu.fallbackAdapter) return smallest;
  for (const family of PREFERRED_FAMILIES) {
    const variants = runnable
      .filter((model) => model.family === family && model.vramMB <= DEFAULT_VRAM_BUDGET_MB)
      .sort((a, b) => a.vramMB - b.vramMB);
    if (variants[0]) return variants[0];
  }
  return smallest;
}
