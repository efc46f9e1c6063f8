import type { ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { type ApiKeys, type ProviderId, ProviderIdSchema } from '../lib/core/settings';
import type { ChatModel } from '../lib/llm/chat-model';
import { createChatModel } from '../lib/llm/factory';
import { UsageError } from './errors';
import { parseOptions } from './options';

/** The model options every model-using command accepts (node:util parseArgs config). */
export const MODEL_CLI_OPTIONS = {
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'api-key-env': { type: 'string' },
  timeout: { type: 'string' },
  concurrency: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Where a key is looked for when --api-key-env is not given. */
const DEFAULT_KEY_ENV: Record<ProviderId, string | undefined> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  'openai-compatible': undefined,
};

const ModelOptions = z
  .object({
    provider: ProviderIdSchema.default('openai-compatible'),
    'base-url': z.url({ message: 'must be a URL such as http://127.0.0.1:11434/v1' }).optional(),
    model: z.string({ message: 'is required, e.g. --model llama3.2' }).min(1, 'is required'),
    'api-key-env': z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must name an environment variable, e.g. OPENAI_API_KEY')
      .optional(),
    timeout: z.coerce
      .number({ message: 'must be a number of seconds' })
      .positive('must be more than 0 seconds')
      .max(3600, 'must be at most 3600 seconds')
      .default(60),
    concurrency: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .default(4),
  })
  .refine((options) => options.provider !== 'openai-compatible' || options['base-url'] !== undefined, {
    message: '--base-url is required for an OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1',
  });

/** The key named by --api-key-env (or the provider's usual variable); never printed. */
function keyFrom(provider: ProviderId, variable: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const name = variable ?? DEFAULT_KEY_ENV[provider];
  const value = name ? env[name]?.trim() : undefined;
  if (variable && !value) throw new UsageError(`--api-key-env: the environment variable ${variable} is not set`);
  if (!value && provider !== 'openai-compatible') {
    throw new UsageError(`--api-key-env: ${provider} needs a key; put it in an environment variable and name it here`);
  }
  return value || undefined;
}

/** The ChatModel the command-line options describe; a UsageError (exit code 2) on bad input. */
export function modelFromCli(values: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): ChatModel {
  const options = parseOptions(ModelOptions, values);
  const provider = options.provider;
  const key = keyFrom(provider, options['api-key-env'], env);
  const keys: ApiKeys = key ? { [provider]: key } : {};
  return createChatModel(
    {
      kind: 'provider',
      provider,
      model: options.model,
      ...(options['base-url'] ? { baseUrl: options['base-url'] } : {}),
    },
    keys,
    { concurrency: options.concurrency, timeoutMs: Math.round(options.timeout * 1000) },
  );
}
