import { useEffect, useState } from 'react';
import type { OverrideInput } from '@/lib/trust/store';
import type { TrustRow } from '@/lib/trust/table';
import type { TrendPoint } from '@/lib/trust/trend';
import { evidenceText, formatDay, percent } from '@/lib/ui/format';
import { TrustTrendLine } from './TrustTrendLine';

type Choice = 'estimate' | OverrideInput['kind'];

const CHOICES: { value: Choice; label: string }[] = [
  { value: 'estimate', label: 'Estimated' },
  { value: 'trusted', label: 'Trusted' },
  { value: 'distrusted', label: 'Distrusted' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'custom', label: 'Custom weight' },
];

/** One site: its numbers, and the person's override (a custom weight in percent). */
export function TrustRowEditor({
  row,
  trend,
  onOverride,
  onReset,
}: {
  row: TrustRow;
  /** The site's estimate over time, oldest first. */
  trend: readonly TrendPoint[];
  onOverride: (domain: string, override: OverrideInput | null) => void;
  onReset: (domain: string) => void;
}) {
  const choice: Choice = row.override?.kind ?? 'estimate';
  const [weight, setWeight] = useState(String(Math.round((row.override?.weight ?? row.estimated) * 100)));
  useEffect(() => setWeight(String(Math.round((row.override?.weight ?? row.estimated) * 100))), [row]);
  const weightValue = Number(weight);
  const weightValid = weight.trim() !== '' && Number.isFinite(weightValue) && weightValue >= 0 && weightValue <= 100;
  const saveWeight = () => {
    if (weightValid && weightValue / 100 !== row.override?.weight) {
      onOverride(row.domain, { kind: 'custom', weight: weightValue / 100 });
    }
  };
  const id = `override-${row.domain}`;

  return (
    <tr data-testid="trust-row" data-domain={row.domain}>
      <th scope="row" className="domain-cell">
        {row.domain}
      </th>
      <td data-testid="trust-reliability">
        {percent(row.reliability)}
        {row.override && <span className="muted small"> (estimate {percent(row.estimated)})</span>}
      </td>
      <td className="small">{evidenceText(row)}</td>
      <td className="small muted">{row.lastSeen ? formatDay(row.lastSeen) : '—'}</td>
      <td>
        <TrustTrendLine domain={row.domain} points={trend} />
      </td>
      <td>
        <label htmlFor={id} className="visually-hidden">
          Override for {row.domain}
        </label>
        <select
          id={id}
          value={choice}
          data-testid="override-select"
          onChange={(event) => {
            const next = event.currentTarget.value as Choice;
            if (next === 'estimate') onOverride(row.domain, null);
            else if (next === 'custom') onOverride(row.domain, { kind: 'custom', weight: row.estimated });
            else onOverride(row.domain, { kind: next });
          }}
        >
          {CHOICES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {choice === 'custom' && (
          <span className="weight">
            <input
              type="number"
              min={0}
              max={100}
              step={5}
              value={weight}
              aria-label={`Custom weight for ${row.domain}, percent`}
              aria-invalid={!weightValid}
              data-testid="override-weight"
              onChange={(event) => setWeight(event.currentTarget.value)}
              onBlur={saveWeight}
              onKeyDown={(event) => event.key === 'Enter' && saveWeight()}
            />
            %
          </span>
        )}
      </td>
      <td>
        <button type="button" className="secondary" onClick={() => onReset(row.domain)} data-testid="reset-row">
          Reset<span className="visually-hidden"> {row.domain}</span>
        </button>
      </td>
    </tr>
  );
}
