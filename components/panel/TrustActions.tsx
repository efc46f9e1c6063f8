import type { OverrideInput } from '@/lib/trust/store';
import type { OverrideKind } from '@/lib/trust/types';

const QUICK: { kind: Exclude<OverrideKind, 'custom'>; label: string }[] = [
  { kind: 'trusted', label: 'Trust' },
  { kind: 'distrusted', label: 'Distrust' },
  { kind: 'blocked', label: 'Block' },
];

/** Trust, distrust or block a site in one click; clicking the active one again removes it. */
export function TrustActions({
  domain,
  current,
  onOverride,
}: {
  domain: string;
  current: OverrideKind | null;
  onOverride: (domain: string, override: OverrideInput | null) => void;
}) {
  return (
    <fieldset className="quick-actions">
      <legend className="visually-hidden">Your trust in {domain}</legend>
      {QUICK.map(({ kind, label }) => (
        <button
          key={kind}
          type="button"
          className="chip-button"
          data-testid={`override-${kind}`}
          aria-pressed={current === kind}
          onClick={() => onOverride(domain, current === kind ? null : { kind })}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
