import { z } from 'zod';

export const WebGpuStatusSchema = z.object({
  available: z.boolean(),
  /** Why not, in words a person can act on. */
  reason: z.string().optional(),
  features: z.array(z.string()),
  /** A software adapter (SwiftShader): works, but far too slow for a model. */
  fallbackAdapter: z.boolean(),
  description: z.string().optional(),
});
export type WebGpuStatus = z.infer<typeof WebGpuStatusSchema>;

/** The part of navigator.gpu we use; tests pass a fake. */
export interface GpuLike {
  requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<AdapterLike | null>;
}
export interface AdapterLike {
  readonly features: Iterable<string>;
  readonly isFallbackAdapter?: boolean;
  /** Newer Chromium reports isFallbackAdapter here rather than on the adapter. */
  readonly info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
}

/** Asks the browser for a WebGPU adapter and reports what it can do. */
export async function probeWebGpu(gpu: GpuLike | undefined): Promise<WebGpuStatus> {
  if (!gpu) {
    return {
      available: false,
      reason:
        'This browser offers no WebGPU here, so the local model cannot run. Choose a provider or a local server (such as Ollama), or use a browser with WebGPU turned on (Chrome or Edge 113+, Firefox 141+ where it is enabled).',
      features: [],
      fallbackAdapter: false,
    };
  }
  let adapter: AdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch {
    adapter = null;
  }
  if (!adapter) {
    return {
      available: false,
      reason:
        'WebGPU is present but no graphics adapter is available (blocked GPU or disabled hardware acceleration). Choose a provider instead.',
      features: [],
      fallbackAdapter: false,
    };
  }
  const info = adapter.info;
  const description = [info?.vendor, info?.architecture, info?.description].filter(Boolean).join(' ').trim();
  return {
    available: true,
    features: [...adapter.features].sort(),
    fallbackAdapter:
      adapter.isFallbackAdapter === true || info?.isFallbackAdapter === true || /swiftshader/i.test(description),
    description: description || undefined,
  };
}
