import { z } from 'zod';
import { overrideReliability } from './overrides';
import { DomainEvidenceSchema, OverrideKindSchema, type TrustState } from './state';
import { type DomainTrust, NEUTRAL_TRUST } from './types';

export const TrustRowSchema = z.object({
  domain: z.string(),
  /** The weight runs use: the override when there is one, else the estimate, else neutral. */
  reliability: z.number().min(0).max(1),
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

function rowOf(state: TrustState, domain: string, lastSeen: string | null): TrustRow {
  const evidence = state.estimate.evidence[domain] ?? NO_EVIDENCE;
  // The estimator already shrinks toward the neutral prior by how little evidence there is.
  const estimated = state.estimate.reliability[domain] ?? NEUTRAL_TRUST.reliability;
  const stored = state.overrides[domain];
  const override = stored
    ? { kind: stored.kind, ...(stored.weight !== undefined ? { weight: stored.weight } : {}) }
    : null;
  return {
    domain,
    reliability: override ? overrideReliability(override.kind, override.weight) : estimated,
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
    override: row.override?.kind ?? null,
    blocked: row.blocked,
  };
}
