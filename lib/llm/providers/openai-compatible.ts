import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { z } from 'zod';
import { FactCheckError } from '../../core/errors';
import { guardedFetch } from './guarded-fetch';
import { getJson } from './list-models';
import { callControls, originOf, type ProviderDefinition, trimSlash } from './provider-options';
import { streamTextModel } from './stream-text-model';

const ModelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

function requireBaseUrl(baseUrl: string | undefined): string {
  if (!baseUrl) {
    throw new FactCheckError(
      'bad-input',
      'An OpenAI-compatible backend needs a base URL, e.g. http://127.0.0.1:11434/v1 for Ollama.',
    );
  }
  // People paste the full endpoint: keep only the base the SDK appends paths to.
  return trimSlash(baseUrl).replace(/\/(chat\/completions|completions|models)$/, '');
}

const serviceName = (baseUrl: string) => `the server at ${originOf(baseUrl) ?? baseUrl}`;

/** Ollama, LM Studio, llama.cpp server, vLLM, OpenRouter, Groq...: anything speaking /chat/completions. */
export const openaiCompatibleProvider: ProviderDefinition = {
  label: 'OpenAI-compatible server',
  defaultBaseUrl: undefined,
  needsKey: false,
  createModel(options) {
    const baseURL = requireBaseUrl(options.baseUrl);
    const origin = originOf(baseURL);
    const provider = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL,
      apiKey: options.apiKey || undefined,
      fetch: guardedFetch(serviceName(baseURL), options.fetch),
      includeUsage: true,
      // Many local servers know json_object but not json_schema: the schema then stays in the prompt.
      supportsStructuredOutputs: false,
    });
    return streamTextModel({
      id: `openai-compatible:${options.model}`,
      language: provider.chatModel(options.model),
      context: { service: serviceName(baseURL), model: options.model, origin },
      supportsJsonSchema: false,
      ...callControls(options),
    });
  },
  async listModels(options) {
    const baseUrl = requireBaseUrl(options.baseUrl);
    const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
    const list = await getJson(
      `${baseUrl}/models`,
      headers,
      ModelListSchema,
      { service: serviceName(baseUrl), model: '', origin: originOf(baseUrl) },
      options,
    );
    return list.data.map((model) => model.id).sort();
  },
};
