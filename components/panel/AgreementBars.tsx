import type { Verdict } from '@/lib/core/verdict';
import { type AgreementRow, agreementOf } from '@/lib/ui/agreement';
import { percent } from '@/lib/ui/format';

/** The bar's own coordinates: 100 units is all the trust weight behind any answer. */
const FULL = 100;

function describe(row: AgreementRow): string {
  const sites = row.supporters.map((supporter) => `${supporter.domain} ${percent(supporter.trust)}`).join(', ');
  const memory = row.fromMemory ? ' The model’s memory gives it too.' : '';
  const count = row.supporters.length === 1 ? '1 site' : `${row.supporters.length} sites`;
  return `${row.answer}: ${count}, ${percent(row.share)} of the trust weight${sites ? ` (${sites})` : ''}.${memory}`;
}

/** One answer's bar: a segment per site, as wide as its trust, on a track of all the weight. */
function Bar({ row }: { row: AgreementRow }) {
  let x = 0;
  return (
    <svg
      className="agreement-bar"
      viewBox={`0 0 ${FULL} 10`}
      preserveAspectRatio="none"
      role="img"
      aria-label={describe(row)}
      data-testid="agreement-bar"
    >
      <rect className="agreement-track" x={0} y={0} width={FULL} height={10} rx={2} />
      {row.supporters.map((supporter) => {
        const width = supporter.share * FULL;
        const segment = (
          <rect
            key={supporter.sourceId}
            className={row.accepted ? 'agreement-segment accepted' : 'agreement-segment other'}
            x={x}
            y={0}
            width={width}
            height={10}
            vectorEffect="non-scaling-stroke"
            data-domain={supporter.domain}
          >
            <title>{`${supporter.domain}: trust ${percent(supporter.trust)}`}</title>
          </rect>
        );
        x += width;
        return segment;
      })}
    </svg>
  );
}

/**
 * Who supports what, weighted by trust: one compact bar per answer the sources gave, each site a
 * segment as wide as the trust it carries, so a lone doubtful site reads as small as it weighs.
 */
export function AgreementBars({ verdict }: { verdict: Verdict }) {
  const rows = agreementOf(verdict);
  if (!rows.some((row) => row.supporters.length > 0)) return null;
  return (
    <section className="card" aria-labelledby="agreement-heading" data-testid="agreement">
      <h2 id="agreement-heading" className="card-title">
        Who supports what
      </h2>
      <ul className="agreement-list">
        {rows.map((row) => (
          <li key={row.groupId} className="agreement-row" data-testid="agreement-row" data-accepted={row.accepted}>
            <p className="agreement-label">
              <span className="agreement-answer">{row.answer}</span>
              <span className="muted small">
                {' '}
                {percent(row.share)} of the trust weight · {row.supporters.length}{' '}
                {row.supporters.length === 1 ? 'site' : 'sites'}
                {row.fromMemory ? ' · and the model’s memory' : ''}
              </span>
            </p>
            <Bar row={row} />
          </li>
        ))}
      </ul>
    </section>
  );
}
