import type { ProviderId } from '../../core/settings';
import { anthropicProvider } from './anthropic';
import { geminiProvider } from './gemini';
import { openaiProvider } from './openai';
import { openaiCompatibleProvider } from './openai-compatible';
import type { ProviderDefinition } from './provider-options';

/** Every remote provider, by the id settings store. */
export const PROVIDERS: Record<ProviderId, ProviderDefinition> = {
  openai: openaiProvider,
  anthropic: anthropicProvider,
  gemini: geminiProvider,
  'openai-compatible': openaiCompatibleProvider,
};
