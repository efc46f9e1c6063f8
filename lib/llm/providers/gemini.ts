import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { z } from 'zod';
import { guardedFetch } from './guarded-fetch';
import { getJson } from './list-models';
import { callControls, originOf, type ProviderDefinition, trimSlash } from './provider-options';
import { streamTextModel } from './stream-text-model';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

const ModelListSchema = z.object({
  models: z
    .array(z.object({ name: z.string(), supportedGenerationMethods: z.array(z.string()).optional() }))
    .default([]),
});

export const geminiProvider: ProviderDefinition = {
  label: 'Google Gemini',
  defaultBaseUrl: DEFAULT_BASE_URL,
  needsKey: true,
  createModel(options) {
    const baseURL = trimSlash(options.baseUrl ?? DEFAULT_BASE_URL);
    const origin = originOf(baseURL);
    const provider = createGoogleGenerativeAI({
      apiKey: options.apiKey ?? '',
      baseURL,
      fetch: guardedFetch('Gemini', options.fetch),
    });
    return streamTextModel({
      id: `gemini:${options.model}`,
      language: provider.chat(options.model),
      context: { service: 'Gemini', model: options.model, origin },
      supportsJsonSchema: true,
      ...callControls(options),
    });
  },
  async listModels(options) {
    const baseUrl = trimSlash(options.baseUrl ?? DEFAULT_BASE_URL);
    const list = await getJson(
      `${baseUrl}/models?pageSize=200`,
      { 'x-goog-api-key': options.apiKey ?? '' },
      ModelListSchema,
      { service: 'Gemini', model: '', origin: originOf(baseUrl) },
      options,
    );
    return list.models
      .filter((model) => model.supportedGenerationMethods?.includes('generateContent') ?? true)
      .map((model) => model.name.replace(/^models\//, ''))
      .sort();
  },
};
