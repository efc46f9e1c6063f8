import { FactCheckError } from '@/lib/core/errors';
import type { Settings } from '@/lib/core/settings';
import type { ChatModel } from '@/lib/llm/chat-model';

export interface ModelLoadProgress {
  progress: number;
  text: string;
}

/**
 * The model for a run, built from the person's settings: a provider with its key, or the
 * local WebLLM engine (loaded on first use, with download progress). Owned by the backends work.
 */
export async function modelFor(
  _settings: Settings,
  _onProgress: (progress: ModelLoadProgress) => void,
  _signal: AbortSignal,
): Promise<ChatModel> {
  throw new FactCheckError('internal', 'No model backend is wired yet.');
}
