import { FactCheckError } from '../core/errors';
import type { ApiKeys, ProviderId } from '../core/settings';
import { createLimiter } from './limit';
import { PROVIDERS } from './providers';

export interface ConnectionTarget {
  provider: ProviderId;
  baseUrl?: string;
  model?: string;
}

export interface ConnectionCheck {
  models: string[];
  modelListed: boolean | null;
  ms: number;
}

/**
 * "Test connection": lists the endpoint's models with the stored key. A server that cannot list
 * (404 on /models) is tried with a five-token request to the chosen model instead.
 */
export async function testConnection(
  target: ConnectionTarget,
  keys: ApiKeys,
  options: { timeoutMs: number; fetch?: typeof fetch; permissionMissing?: (origin: string) => Promise<boolean> },
): Promise<ConnectionCheck> {
  const provider = PROVIDERS[target.provider];
  const apiKey = keys[target.provider]?.trim() || undefined;
  if (provider.needsKey && !apiKey) {
    throw new FactCheckError('bad-key', `Enter an API key for ${provider.label} first.`);
  }
  const started = Date.now();
  try {
    const models = await provider.listModels({ ...options, apiKey, baseUrl: target.baseUrl });
    const modelListed = target.model && models.length > 0 ? models.includes(target.model) : null;
    return { models, modelListed, ms: Date.now() - started };
  } catch (error) {
    if (!(error instanceof FactCheckError) || error.code !== 'unknown-model' || !target.model) throw error;
    const model = provider.createModel({
      ...options,
      model: target.model,
      apiKey,
      baseUrl: target.baseUrl,
      limiter: createLimiter(1),
      retry: { maxAttempts: 1 },
    });
    try {
      await model.generate({ messages: [{ role: 'user', content: 'Reply with OK.' }], maxTokens: 5 });
    } catch (second) {
      // Two 404s: the address is more likely wrong than the model.
      if (second instanceof FactCheckError && second.code === 'unknown-model') {
        throw new FactCheckError(
          'unknown-model',
          `${error.message} A request to the model "${target.model}" found nothing either.`,
          { cause: second, retryable: false },
        );
      }
      throw second;
    }
    return { models: [], modelListed: null, ms: Date.now() - started };
  }
}
