import { useCallback, useEffect, useState } from 'react';
import type { WebGpuStatus } from '@/lib/llm/webllm/gpu';
import type { LocalModelState } from '@/lib/llm/webllm/local-engine';
import { request } from '@/lib/messaging/client';
import type { ModelLoadState } from '@/lib/messaging/requests/model';

export interface LocalModels {
  gpu: WebGpuStatus | null;
  models: LocalModelState[] | null;
  load: ModelLoadState | null;
  error: string | null;
  download(model: string): Promise<void>;
  cancel(): Promise<void>;
  remove(model: string): Promise<void>;
}

const POLL_MS = 500;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The local models, the GPU check and the download in progress (polled while it runs). */
export function useModelLocal(enabled: boolean): LocalModels {
  const [gpu, setGpu] = useState<WebGpuStatus | null>(null);
  const [models, setModels] = useState<LocalModelState[] | null>(null);
  const [load, setLoad] = useState<ModelLoadState | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setGpu(await request({ type: 'webgpu-status' }));
      setModels(await request({ type: 'list-local-models' }));
      setLoad(await request({ type: 'local-model-load-state' }));
      setError(null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, []);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  const loading = load?.status === 'loading';
  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => {
      void request({ type: 'local-model-load-state' }).then((next) => {
        setLoad(next);
        if (next?.status !== 'loading') void refresh();
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [loading, refresh]);

  const act = useCallback(async (action: () => Promise<unknown>) => {
    try {
      await action();
      setLoad(await request({ type: 'local-model-load-state' }));
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, []);

  return {
    gpu,
    models,
    load,
    error,
    download: (model) => act(() => request({ type: 'load-local-model', model })),
    cancel: () => act(() => request({ type: 'cancel-model-load' })),
    remove: (model) =>
      act(async () => {
        await request({ type: 'delete-local-model', model });
        await refresh();
      }),
  };
}
