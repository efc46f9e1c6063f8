import type { WebGpuStatus } from '@/lib/llm/webllm/gpu';

/** One line on whether this browser's GPU can run the local model, and what to do if not. */
export function WebGpuCheck({ gpu }: { gpu: WebGpuStatus | null }) {
  if (!gpu) return <p className="muted small">Checking WebGPU…</p>;
  if (!gpu.available) {
    return (
      <p className="error small" data-testid="webgpu-status">
        {gpu.reason}
      </p>
    );
  }
  const f16 = gpu.features.includes('shader-f16');
  return (
    <p className="small" data-testid="webgpu-status">
      <span className="ok">WebGPU available</span>
      {gpu.description ? ` (${gpu.description})` : ''}.{' '}
      {f16 ? 'Supports 16-bit shaders: all models can run.' : 'No 16-bit shaders: only the q4f32 models can run.'}
      {gpu.fallbackAdapter && ' This is a software adapter: expect answers to take minutes.'}
    </p>
  );
}
