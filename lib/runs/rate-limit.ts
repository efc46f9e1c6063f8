import { z } from 'zod';

/**
 * Checks nobody clicked (automatic ones) and checks of a search instance the person added (whose
 * page may be anyone's) are limited: a page that rewrites its query every second must not run the
 * model (a paid key pays) or feed the trust store faster than a person searches.
 */
export const CHECK_LIMITS = {
  /** Per tab, in any rolling minute. */
  perTabPerMinute: 2,
  /** Over all tabs, in any rolling hour. */
  perHour: 30,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type LimitedKind = 'automatic' | 'custom-instance';

export interface RateDecision {
  allowed: boolean;
  /** When refused: when the next such check may run (ms since the epoch). */
  retryAt?: number;
}

export interface CheckRateLimiter {
  /** Counts the check when allowed; a refused check is not counted. */
  take(tabId: number, now: number): RateDecision;
  forget(tabId: number): void;
  /** What was counted, to keep across restarts of the engine (bounded: only what still counts). */
  state(): RateLimitState;
}

/**
 * The counts as stored in storage.session, so that closing the engine's document (or a restart of
 * Firefox's background) does not give a page a fresh allowance. Bounded by the limits themselves.
 */
export const RateLimitStateSchema = z.object({
  all: z.array(z.number()).max(1_000),
  byTab: z.array(z.tuple([z.number().int(), z.array(z.number()).max(100)])).max(1_000),
});
export type RateLimitState = z.infer<typeof RateLimitStateSchema>;

export function createCheckRateLimiter(
  limits: { perTabPerMinute: number; perHour: number } = CHECK_LIMITS,
  restored?: unknown,
) {
  const parsed = RateLimitStateSchema.safeParse(restored);
  const all: number[] = parsed.success ? [...parsed.data.all].sort((a, b) => a - b) : [];
  const byTab = new Map<number, number[]>(parsed.success ? parsed.data.byTab : []);
  const limiter: CheckRateLimiter = {
    take(tabId, now) {
      while (all.length > 0 && (all[0] ?? 0) <= now - HOUR) all.shift();
      const tab = (byTab.get(tabId) ?? []).filter((at) => at > now - MINUTE);
      byTab.set(tabId, tab);
      const tabFull = tab.length >= limits.perTabPerMinute;
      const hourFull = all.length >= limits.perHour;
      if (tabFull || hourFull) {
        const retryAt = Math.max(tabFull ? (tab[0] ?? now) + MINUTE : now, hourFull ? (all[0] ?? now) + HOUR : now);
        return { allowed: false, retryAt };
      }
      tab.push(now);
      all.push(now);
      return { allowed: true };
    },
    forget(tabId) {
      byTab.delete(tabId);
    },
    state() {
      // Only the newest counts matter: a tab's last minute, the last hour's checks.
      const latest = all.at(-1) ?? 0;
      const tabs = [...byTab.entries()]
        .map(([tabId, times]) => [tabId, times.filter((at) => at > latest - MINUTE)] as [number, number[]])
        .filter(([, times]) => times.length > 0);
      return {
        all: all.filter((at) => at > latest - HOUR).slice(-limits.perHour),
        byTab: tabs.map(([tabId, times]) => [tabId, times.slice(-limits.perTabPerMinute)] as [number, number[]]),
      };
    },
  };
  return limiter;
}

/** What the person is told when a check was not run. */
export function rateLimitMessage(kind: LimitedKind, retryAt: number, now: number): string {
  const what = kind === 'automatic' ? 'Automatic checks' : 'Checks of a search instance you added';
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1_000));
  const wait = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return `${what} are limited to ${CHECK_LIMITS.perTabPerMinute} a minute per tab and ${CHECK_LIMITS.perHour} an hour, so that no page can run the model (and spend your key) by itself. This one was not run; the next can run in ${wait}.`;
}
