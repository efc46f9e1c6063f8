import { z } from 'zod';
import { overrideReliability } from './overrides';
import { priorMean, priorOf } from './prior';
import { DomainEvidenceSchema, OverrideKindSchema, type TrustState } from './state';
import type { DomainTrust } from './types';

export const TrustRowSchema = z.object({
  domain: z.string(),
  /** The weight runs use: the override when there is one, else the estimate, else neutral. */
  reliability: z.number().min(0).max(1),
  /** The published quality rating the site started from, null when it is not rated (it started at 0.5). */
  rating: z.number().min(0).max(1).nullable(),
  /** The estimate alone, whatever the override says. */
  estimated: z.number().min(0).max(1),
  evidence: DomainEvidenceSchema,
  override: z.object({ kind: OverrideKindSchema, weight: z.number().min(0).max(1).optional() }).nullable(),
  blocked: z.boolean(),
  /** When the site last answered in a check (ISO), null when never. */
  lastSeen: z.string().nullable(),
});
export type TrustRow = z.infer<typeof TrustRowSchema>;

const NO_EVIDENCE = { answered: 0, agreed: 0, reviewed: 0 };

function lastSeenIndex(state: TrustState): Map<string, string> {
  const seen = new Map<string, string>();
  for (const question of state.questions) {
    for (const domain of Object.keys(question.responses)) {
      const previous = seen.get(domain);
      if (previous === undefined || previous < question.at) seen.set(domain, question.at);
    }
  }
  return seen;
}

/** A record's own entry: a site keyed "tostring" or "constructor" never finds Object.prototype's. */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

export function rowOf(state: TrustState, domain: string, lastSeen: string | null): TrustRow {
  const evidence = own(state.estimate.evidence, domain) ?? NO_EVIDENCE;
  const prior = priorOf(domain);
  // The estimator already moves the site from its prior by as much evidence as there is.
  const estimated = own(state.estimate.reliability, domain) ?? priorMean(prior);
  const stored = own(state.overrides, domain);
  const override = stored
    ? { kind: stored.kind, ...(stored.weight !== undefined ? { weight: stored.weight } : {}) }
    : null;
  return {
    domain,
    reliability: override ? overrideReliability(override.kind, override.weight) : estimated,
    rating: prior.rating,
    estimated,
    evidence,
    override,
    blocked: override?.kind === 'blocked',
    lastSeen,
  };
}

/** Every site the store knows: seen in a check, estimated, or overridden. Sorted by domain. */
export function trustRows(state: TrustState): TrustRow[] {
  const seen = lastSeenIndex(state);
  const domains = new Set([...seen.keys(), ...Object.keys(state.estimate.evidence), ...Object.keys(state.overrides)]);
  return [...domains].sort().map((domain) => rowOf(state, domain, seen.get(domain) ?? null));
}

/** Rows for the given sites; a site never seen gets a neutral row with zero evidence. */
export function trustRowsFor(state: TrustState, domains: readonly string[]): Record<string, TrustRow> {
  const seen = lastSeenIndex(state);
  return Object.fromEntries(domains.map((domain) => [domain, rowOf(state, domain, seen.get(domain) ?? null)]));
}

export function domainTrustOf(row: TrustRow): DomainTrust {
  return {
    reliability: row.reliability,
    evidence: row.evidence.answered,
    rating: row.rating,
    override: row.override?.kind ?? null,
    blocked: row.blocked,
  };
}
