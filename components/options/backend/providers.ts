import type { ProviderId } from '@/lib/core/settings';

/** What the options page shows and pre-fills for each provider. */
export interface ProviderChoice {
  id: ProviderId;
  label: string;
  defaultModel: string;
  /** Where requests go when no base URL is given (also the origin to ask permission for). */
  defaultBaseUrl: string | undefined;
  needsKey: boolean;
  keyHint: string;
}

export const PROVIDER_CHOICES: readonly ProviderChoice[] = [
  {
    id: 'openai-compatible',
    label: 'OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter, Groq)',
    defaultModel: 'llama3.2',
    defaultBaseUrl: undefined,
    needsKey: false,
    keyHint: 'Only if the server asks for one',
  },
  {
    id: 'openai',
    label: 'OpenAI',
    defaultModel: 'gpt-4o-mini',
    defaultBaseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    keyHint: 'sk-…',
  },
  {
    id: 'anthropic',
    label: 'Anthropic',
    defaultModel: 'claude-3-5-haiku-latest',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    keyHint: 'sk-ant-…',
  },
  {
    id: 'gemini',
    label: 'Google Gemini',
    defaultModel: 'gemini-2.0-flash',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    needsKey: true,
    keyHint: 'AIza…',
  },
];

export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434/v1';

export function choiceOf(id: ProviderId): ProviderChoice {
  return PROVIDER_CHOICES.find((choice) => choice.id === id) ?? (PROVIDER_CHOICES[0] as ProviderChoice);
}
