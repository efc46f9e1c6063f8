import { OVERRIDE_LABELS } from '@/lib/trust/overrides';
import type { TrustRow } from '@/lib/trust/table';
import { evidenceText, percent, trustLevel } from '@/lib/ui/format';

/** A site's trust as a bar with its number, its level in words and the evidence behind it. */
export function TrustBar({ domain, reliability, row }: { domain: string; reliability: number; row?: TrustRow }) {
  const value = row?.reliability ?? reliability;
  const level = row?.blocked ? 'blocked' : trustLevel(value);
  const override = row?.override ? OVERRIDE_LABELS[row.override.kind] : null;
  return (
    <div className="trust" data-testid="trust-bar" data-level={level}>
      <meter
        className="trust-meter"
        min={0}
        max={1}
        low={0.4}
        high={0.7}
        optimum={1}
        value={value}
        aria-label={`Trust in ${domain}`}
        aria-valuetext={`${percent(value)}, ${level}`}
      />
      <span className="trust-text" data-testid="trust-text">
        {percent(value)} {level} ·{' '}
        {override ? `${override} by you` : row ? evidenceText(row) : 'as weighed in this check'}
      </span>
    </div>
  );
}
