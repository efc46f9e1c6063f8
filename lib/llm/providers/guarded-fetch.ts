import { ProviderError } from '../errors';

/**
 * A fetch that refuses a successful answer that is a web page: a base URL missing its /v1 often
 * lands on a server's HTML front page, which would otherwise read as an empty or cut stream.
 */
export function guardedFetch(service: string, inner?: typeof fetch): typeof fetch {
  const guarded = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const response = await (inner ? inner(input, init) : fetch(input, init));
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && /text\/html/i.test(type)) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderError(
        'malformed-output',
        `${service} answered with a web page, not an API response: check the base URL (it usually ends in /v1).`,
        { retryable: false, status: response.status },
      );
    }
    return response;
  };
  return guarded as typeof fetch;
}
