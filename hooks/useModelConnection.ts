import { useCallback, useState } from 'react';
import { FactCheckError } from '@/lib/core/errors';
import type { ProviderId } from '@/lib/core/settings';
import { request } from '@/lib/messaging/client';
import type { ConnectionReport } from '@/lib/messaging/requests/model';

export type ConnectionState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok'; report: ConnectionReport }
  | { status: 'failed'; message: string };

/** "Test connection": asks the background to list the endpoint's models with the stored key. */
export function useModelConnection() {
  const [state, setState] = useState<ConnectionState>({ status: 'idle' });
  const test = useCallback(async (target: { provider: ProviderId; baseUrl?: string; model?: string }) => {
    setState({ status: 'testing' });
    try {
      const report = await request({ type: 'test-connection', ...target });
      setState({ status: 'ok', report });
    } catch (error) {
      const message = error instanceof FactCheckError || error instanceof Error ? error.message : String(error);
      setState({ status: 'failed', message });
    }
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, test, reset };
}
