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
}

export function createCheckRateLimiter(limits: { perTabPerMinute: number; perHour: number } = CHECK_LIMITS) {
  const all: number[] = [];
  const byTab = new Map<number, number[]>();
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
