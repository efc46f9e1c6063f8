import { pageMarks } from '../claims/page-marks';
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
