import { pageMarks } from '../claims/page-marks';
import type { ClaimCheck } from '../core/claim-check';
import type { SerpCapture } from '../core/serp-capture';
import type { Verdict } from '../core/verdict';
import { badgesForCapture, badgesForVerdict } from '../runs/badges';
import type { TrustLookup } from '../trust/types';
import type { EngineContext } from './context';

/** Badges beside a tab's results, from its capture (before a check) or its verdict (after one). */
export async function showBadges(
  { services, settings }: EngineContext,
  tabId: number,
  from: { capture: SerpCapture } | { verdict: Verdict },
  lookup: TrustLookup,
): Promise<void> {
  // The tab may have navigated away or closed; badges are a courtesy, never an error.
  const send = (message: Parameters<typeof services.sendToTab>[1]) =>
    services.sendToTab(tabId, message).catch(() => undefined);
  if (!(await settings.get()).showBadges) return send({ type: 'clear-badges' });
  const badges = 'capture' in from ? badgesForCapture(from.capture, lookup) : badgesForVerdict(from.verdict, lookup);
  await send({ type: 'show-badges', badges });
  // The engine's answer box gets its claims' marks (the badges' clear removes them too).
  if ('verdict' in from && from.verdict.claimCheck) {
    await send({ type: 'show-claim-marks', marks: pageMarks(from.verdict.claimCheck) });
  }
}

export interface ClaimMarkStream {
  /** A run's latest claim check: the page's marks follow it as soon as a claim is judged. */
  update(check: ClaimCheck): void;
  /** Resolves once every mark sent so far has reached the tab (or failed to). */
  settled(): Promise<void>;
}

/**
 * Sends the results page the marks of the engine's answer while the check goes on, one message at a
 * time in the order the claims were judged, and only when a mark changed. The check's own answer
 * (boxKind 'consolidated-answer') is not on the page, so it is never sent.
 */
export function claimMarkStream({ services, settings }: EngineContext, tabId: number): ClaimMarkStream {
  let queue: Promise<void> = Promise.resolve();
  // The first update is always sent: a new check's (still empty) marks replace the last check's.
  let lastSent: string | null = null;
  return {
    update(check) {
      if (check.boxKind === 'consolidated-answer') return;
      const marks = pageMarks(check);
      queue = queue.then(async () => {
        const signature = JSON.stringify(marks);
        if (signature === lastSent || !(await settings.get()).showBadges) return;
        lastSent = signature;
        await services.sendToTab(tabId, { type: 'show-claim-marks', marks });
      });
      queue = queue.catch(() => undefined);
    },
    settled: () => queue,
  };
}
