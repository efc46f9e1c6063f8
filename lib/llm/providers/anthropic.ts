import { createAnthropic } from '@ai-sdk/anthropic';
import { z } from 'zod';
import { guardedFetch } from './guarded-fetch';
import { getJson } from './list-models';
import { callControls, originOf, type ProviderDefinition, trimSlash } from './provider-options';
import { streamTextModel } from './stream-text-model';

const DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
const API_VERSION = '2023-06-01';
/** Anthropic refuses browser-origin requests (CORS) unless the caller opts in with this header. */
const BROWSER_ACCESS_HEADER = { 'anthropic-dangerous-direct-browser-access': 'true' };

const ModelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

export const anthropicProvider: ProviderDefinition = {
  label: 'Anthropic',
  defaultBaseUrl: DEFAULT_BASE_URL,
  needsKey: true,
  createModel(options) {
    const baseURL = trimSlash(options.baseUrl ?? DEFAULT_BASE_URL);
    const origin = originOf(baseURL);
    const provider = createAnthropic({
      apiKey: options.apiKey ?? '',
      baseURL,
      headers: BROWSER_ACCESS_HEADER,
      fetch: guardedFetch('Anthropic', options.fetch),
    });
    return streamTextModel({
      id: `anthropic:${options.model}`,
      language: provider.messages(options.model),
      context: { service: 'Anthropic', model: options.model, origin },
      // The AI SDK sends the schema as Anthropic's structured output (output_config.format) on the
      // models that have it, else as a forced "json" tool whose input it streams back as text.
      supportsJsonSchema: true,
      providerOptions: { anthropic: { structuredOutputMode: 'auto' } },
      ...callControls(options),
    });
  },
  async listModels(options) {
    const baseUrl = trimSlash(options.baseUrl ?? DEFAULT_BASE_URL);
    const list = await getJson(
      `${baseUrl}/models?limit=100`,
      { 'x-api-key': options.apiKey ?? '', 'anthropic-version': API_VERSION, ...BROWSER_ACCESS_HEADER },
      ModelListSchema,
      { service: 'Anthropic', model: '', origin: originOf(baseUrl) },
      options,
    );
    return list.data.map((model) => model.id).sort();
  },
};
