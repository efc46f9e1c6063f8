import type { OverrideKind } from './types';

/** The voting weight each kind of override stands for (custom carries its own). */
export const OVERRIDE_RELIABILITY: Record<Exclude<OverrideKind, 'custom'>, number> = {
  trusted: 1,
  // Still counted a little: a distrusted site that agrees with reliable ones is not silenced.
  distrusted: 0.1,
  blocked: 0,
};

export const OVERRIDE_LABELS: Record<OverrideKind, string> = {
  trusted: 'Trusted',
  distrusted: 'Distrusted',
  blocked: 'Blocked',
  custom: 'Custom weight',
};

export function overrideReliability(kind: OverrideKind, weight: number | undefined): number {
  return kind === 'custom' ? (weight ?? 0.5) : OVERRIDE_RELIABILITY[kind];
}
