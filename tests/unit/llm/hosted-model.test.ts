import { describe, expect, it } from 'vitest';
import { ProviderIdSchema } from '@/lib/core/settings';
import { createChatModel } from '@/lib/llm/factory';
import { SUPPORTS_JSON_SCHEMA } from '@/lib/llm/host/hosted-model';

describe('the background-side table of JSON-schema support', () => {
  it('agrees with what each provider model says of itself', () => {
    for (const provider of ProviderIdSchema.options) {
      const model = createChatModel(
        { kind: 'provider', provider, model: 'm', baseUrl: 'http://127.0.0.1:1/v1' },
        { [provider]: 'k' },
        { concurrency: 1, timeoutMs: 1_000 },
      );
      expect(SUPPORTS_JSON_SCHEMA[provider], provider).toBe(model.supportsJsonSchema);
    }
  });
});
