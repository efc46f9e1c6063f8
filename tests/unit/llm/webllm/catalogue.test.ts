import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, MAX_VRAM_MB, MIN_CONTEXT } from '@/lib/llm/webllm/catalogue';
import { type GpuLike, probeWebGpu } from '@/lib/llm/webllm/gpu';
import { compatibleModels, defaultModel } from '@/lib/llm/webllm/select';
import { fakeGpu, MODEL_LIST, record } from './fake-webllm';

describe('the local model catalogue', () => {
  it('keeps small general instruct models from the scripted list, with their features', () => {
    const ids = buildCatalogue(MODEL_LIST).map((model) => model.id);
    expect(ids).toEqual([
      'SmolLM2-360M-Instruct-q4f16_1-MLC',
      'SmolLM2-360M-Instruct-q4f32_1-MLC',
      'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
      'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
      'Llama-3.2-3B-Instruct-q4f16_1-MLC',
    ]);
    const smol = buildCatalogue(MODEL_LIST)[0];
    expect(smol?.requiredFeatures).toEqual(['shader-f16']);
    expect(smol?.family).toBe('SmolLM2 360M Instruct');
  });

  it("reads WebLLM's real prebuilt catalogue", () => {
    const catalogue = buildCatalogue(prebuiltAppConfig.model_list);
    expect(catalogue.length).toBeGreaterThan(10);
    for (const model of catalogue) {
      expect(model.vramMB).toBeLessThanOrEqual(MAX_VRAM_MB);
      expect(model.contextWindow).toBeGreaterThanOrEqual(MIN_CONTEXT);
      if (model.quantization.includes('f16')) expect(model.requiredFeatures).toContain('shader-f16');
    }
    const smol = catalogue.find((model) => model.id === 'SmolLM2-360M-Instruct-q4f16_1-MLC');
    expect(smol?.vramMB).toBe(376);
    expect(catalogue.find((model) => model.id === 'Llama-3.2-1B-Instruct-q4f32_1-MLC')?.requiredFeatures).toEqual([]);
  });
});

describe('WebGPU check and model choice', () => {
  const catalogue = buildCatalogue(MODEL_LIST);

  it('reports no WebGPU, and no adapter, with what to do', async () => {
    expect(await probeWebGpu(undefined)).toMatchObject({ available: false, reason: expect.stringMatching(/WebGPU/) });
    expect(await probeWebGpu(fakeGpu(null))).toMatchObject({ available: false });
    const throwing: GpuLike = { requestAdapter: () => Promise.reject(new Error('blocked')) };
    expect(await probeWebGpu(throwing)).toMatchObject({ available: false });
  });

  it('with shader-f16: the preferred model in f16', async () => {
    const gpu = await probeWebGpu(fakeGpu(['shader-f16', 'timestamp-query']));
    expect(defaultModel(catalogue, gpu)?.id).toBe('Qwen2.5-1.5B-Instruct-q4f16_1-MLC');
    expect(compatibleModels(catalogue, gpu)).toHaveLength(5);
  });

  it('without shader-f16: only q4f32 variants', async () => {
    const gpu = await probeWebGpu(fakeGpu([]));
    expect(compatibleModels(catalogue, gpu).map((model) => model.id)).toEqual([
      'SmolLM2-360M-Instruct-q4f32_1-MLC',
      'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
    ]);
    expect(defaultModel(catalogue, gpu)?.id).toBe('Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
  });

  it('reads the fallback flag where newer Chromium puts it (adapter.info)', async () => {
    const gpu = await probeWebGpu({
      requestAdapter: async () => ({
        features: new Set<string>(),
        info: { vendor: 'google', isFallbackAdapter: true },
      }),
    });
    expect(gpu.fallbackAdapter).toBe(true);
  });

  it('a software adapter gets the smallest model; no adapter gets none', async () => {
    const software = await probeWebGpu(fakeGpu([], true));
    expect(software.fallbackAdapter).toBe(true);
    expect(defaultModel(catalogue, software)?.id).toBe('SmolLM2-360M-Instruct-q4f32_1-MLC');
    expect(defaultModel(catalogue, await probeWebGpu(fakeGpu(null)))).toBeUndefined();
  });

  it('skips a preferred model whose VRAM is over the default budget', async () => {
    const heavy = buildCatalogue([
      record('Qwen2.5-1.5B-Instruct-q4f32_1-MLC', 2600),
      record('Llama-3.2-1B-Instruct-q4f32_1-MLC', 1128.82),
      record('SmolLM2-360M-Instruct-q4f32_1-MLC', 579.61),
    ]);
    const gpu = await probeWebGpu(fakeGpu([]));
    expect(defaultModel(heavy, gpu)?.id).toBe('Llama-3.2-1B-Instruct-q4f32_1-MLC');
  });

  it('on the real catalogue, the default has at least 4k context and fits the budget', async () => {
    const real = buildCatalogue(prebuiltAppConfig.model_list);
    const f16 = defaultModel(real, await probeWebGpu(fakeGpu(['shader-f16'])));
    const f32 = defaultModel(real, await probeWebGpu(fakeGpu([])));
    expect(f16?.id).toBe('Qwen2.5-1.5B-Instruct-q4f16_1-MLC');
    expect(f32?.id).toBe('Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
    expect(f32?.contextWindow).toBeGreaterThanOrEqual(4096);
  });
});
