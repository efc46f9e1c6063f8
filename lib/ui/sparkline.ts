import type { TrendPoint } from '../trust/trend';
import { formatDay, percent } from './format';

export interface Sparkline {
  /** SVG path data of the line ("" with fewer than two points). */
  path: string;
  /** The last point, drawn as a dot. */
  last: { x: number; y: number } | null;
  /** The line in words, for screen readers and the tooltip. */
  summary: string;
}

/**
 * A site's trust over time as a small line in a `width`×`height` box. The vertical scale is always
 * 0–100 %, so lines of different sites compare at a glance; points are spaced by order, not by time
 * (checks come in bursts, and a time axis would crush them together).
 */
export function sparkline(points: readonly TrendPoint[], width: number, height: number, pad = 2): Sparkline {
  const first = points[0];
  const latest = points.at(-1);
  if (!first || !latest) return { path: '', last: null, summary: 'No history yet' };
  const x = (index: number) =>
    points.length === 1 ? width - pad : pad + (index * (width - 2 * pad)) / (points.length - 1);
  const y = (value: number) => pad + (1 - value) * (height - 2 * pad);
  const round = (value: number) => Math.round(value * 10) / 10;
  const path =
    points.length < 2
      ? ''
      : points
          .map((point, index) => `${index === 0 ? 'M' : 'L'}${round(x(index))} ${round(y(point.reliability))}`)
          .join(' ');
  const summary =
    points.length === 1
      ? `${percent(latest.reliability)} since ${formatDay(latest.at)}`
      : `From ${percent(first.reliability)} on ${formatDay(first.at)} to ${percent(latest.reliability)} on ${formatDay(latest.at)}, ${points.length} changes`;
  return { path, last: { x: round(x(points.length - 1)), y: round(y(latest.reliability)) }, summary };
}
