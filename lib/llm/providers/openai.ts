import { createOpenAI } from '@ai-sdk/openai';
import { z } from 'zod';
import { guardedFetch } from './guarded-fetch';
import { getJson } from './list-models';
import { callControls, originOf, type ProviderDefinition, trimSlash } from './provider-options';
import { streamTextModel } from './stream-text-model';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const ModelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

/** Chat models only: the list also holds embeddings, audio and image models. */
const isChatModel = (id: string) =>
  /^(gpt-|o\d|chatgpt-)/.test(id) && !/(audio|realtime|tts|transcribe|image|search)/.test(id);

export const openaiProvider: ProviderDefinition = {
  label: 'OpenAI',
  defaultBaseUrl: DEFAULT_BASE_URL,
  needsKey: true,
  createModel(options) {
    const baseURL = trimSlash(options.baseUrl ?? DEFAULT_BASE_URL);
    const origin = originOf(baseURL);
    const provider = createOpenAI({
      apiKey: options.apiKey ?? '',
      baseURL,
      fetch: guardedFetch('OpenAI', options.fetch),
    });
    return streamTextModel({
      id: `openai:${options.model}`,
      // Chat Completions: the wire format every OpenAI-style server shares.
      language: provider.chat(options.model),
      context: { service: 'OpenAI', model: options.model, origin },
      supportsJsonSchema: true,
      // Non-strict: strict mode rejects schemas with optional properties.
      providerOptions: { openai: { strictJsonSchema: false } },
      ...callControls(options),
    });
  },
  async listModels(options) {
    const baseUrl = trimSlash(options.baseUrl ?? DEFAULT_BASE_URL);
    const list = await getJson(
      `${baseUrl}/models`,
      { authorization: `Bearer ${options.apiKey ?? ''}` },
      ModelListSchema,
      { service: 'OpenAI', model: '', origin: originOf(baseUrl) },
      options,
    );
    return list.data
      .map((model) => model.id)
      .filter(isChatModel)
      .sort();
  },
};
