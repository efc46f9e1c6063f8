import type { Verdict } from '../core/verdict';
import type { StorageArea } from '../storage/area';
import { NEUTRAL_TRUST, type TrustLookup } from './types';

export interface TrustStore {
  /** A snapshot lookup for one run: overrides first, then estimates, then the neutral prior. */
  lookup(): Promise<TrustLookup>;
  /** Adds the run's per-source answers as one question and re-estimates; atomic. */
  recordVerdict(verdict: Verdict, checkId: string): Promise<void>;
}

/** Per-site reliability kept in storage.local. Owned by the trust work; this is the neutral placeholder. */
export function trustStore(_area: StorageArea): TrustStore {
  return {
    lookup: async () => () => NEUTRAL_TRUST,
    recordVerdict: async () => undefined,
  };
}
