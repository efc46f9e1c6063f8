import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { z } from 'zod';
import { FactCheckError } from '../../core/errors';
import type { ChatModel } from '../chat-model';
import { ProviderError } from '../errors';
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

/**
 * Endpoints (base URL + model) that refused `response_format: json_schema`: they get the schema in
 * the prompt only, from then on, for as long as this process (the CLI, the extension's engine) lives.
 */
const schemaRefused = new Set<string>();

/** A 400/422 that names the structured-output request: the server cannot take a schema. */
export function refusesJsonSchema(error: unknown): boolean {
  return (
    error instanceof ProviderError &&
    (error.status === 400 || error.status === 422 || error.status === 501) &&
    /response_format|json_schema|json schema|structured output|guided|grammar/i.test(error.message)
  );
}

/**
 * Sends the JSON schema as `response_format: { type: "json_schema" }` (Ollama, vLLM, llama.cpp's
 * server, LM Studio and most hosted servers constrain their output to it); when a server refuses
 * it, asks again without and remembers that endpoint. The prompt states the format either way.
 */
function withSchemaFallback(key: string, structured: ChatModel, promptOnly: ChatModel): ChatModel {
  return {
    id: structured.id,
    maxConcurrency: structured.maxConcurrency,
    supportsJsonSchema: true,
    local: structured.local,
    async generate(request) {
      if (!request.jsonSchema || schemaRefused.has(key)) return promptOnly.generate(request);
      try {
        return await structured.generate(request);
      } catch (error) {
        if (!refusesJsonSchema(error)) throw error;
        schemaRefused.add(key);
        return promptOnly.generate(request);
      }
    },
  };
}

/** Ollama, LM Studio, llama.cpp server, vLLM, OpenRouter, Groq...: anything speaking /chat/completions. */
export const openaiCompatibleProvider: ProviderDefinition = {
  label: 'OpenAI-compatible server',
  defaultBaseUrl: undefined,
  needsKey: false,
  createModel(options) {
    const baseURL = requireBaseUrl(options.baseUrl);
    const origin = originOf(baseURL);
    const settings = {
      name: 'openai-compatible',
      baseURL,
      apiKey: options.apiKey || undefined,
      fetch: guardedFetch(serviceName(baseURL), options.fetch),
      includeUsage: true,
    };
    const model = (supportsStructuredOutputs: boolean) =>
      streamTextModel({
        id: `openai-compatible:${options.model}`,
        language: createOpenAICompatible({ ...settings, supportsStructuredOutputs }).chatModel(options.model),
        context: { service: serviceName(baseURL), model: options.model, origin },
        supportsJsonSchema: supportsStructuredOutputs,
        ...callControls(options),
      });
    return withSchemaFallback(`${baseURL} ${options.model}`, model(true), model(false));
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
