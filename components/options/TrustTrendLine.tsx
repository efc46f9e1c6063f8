import type { TrendPoint } from '@/lib/trust/trend';
import { sparkline } from '@/lib/ui/sparkline';

const WIDTH = 84;
const HEIGHT = 22;

/** A site's estimated trust over time: a small line on a fixed 0–100 % scale, its summary in words. */
export function TrustTrendLine({ domain, points }: { domain: string; points: readonly TrendPoint[] }) {
  const line = sparkline(points, WIDTH, HEIGHT);
  if (!line.last) return <span className="muted small">—</span>;
  return (
    <svg
      className="trend-line"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Trust in ${domain} over time: ${line.summary}`}
      data-testid="trust-trend"
      data-points={points.length}
    >
      <title>{line.summary}</title>
      <line className="trend-mid" x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
      {line.path && <path className="trend-path" d={line.path} />}
      <circle className="trend-dot" cx={line.last.x} cy={line.last.y} r={2.5} />
    </svg>
  );
}
