import { browser } from 'wxt/browser';
import { FactCheckError } from '@/lib/core/errors';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import { getCheck, historyDb, saveCheck, saveReview } from '@/lib/history/db';
import { RunSnapshotSchema } from '@/lib/messaging/requests/run';
import type { HandlerMap } from '@/lib/messaging/router';
import { localArea } from '@/lib/storage/browser-areas';
import { isCaptureStateKey, isRunSnapshotKey } from '@/lib/storage/session-keys';
import { trustStore } from '@/lib/trust/store';
import { showCaptureBadges, showVerdictBadges } from './badges';
import { readCaptureState } from './captures';

type TrustRequestType =
  | 'get-trust-table'
  | 'get-trust'
  | 'set-override'
  | 'reset-trust'
  | 'import-trust'
  | 'export-trust'
  | 'review-conflict';

const trust = () => trustStore(localArea);

/** Saves a finished check in the history; the run host calls it once the verdict is final. */
export async function recordCheck(checkId: string, capture: SerpCapture, verdict: Verdict): Promise<void> {
  await saveCheck(historyDb(), checkId, capture, verdict);
}

/**
 * After the person changes a site's trust, results pages still open redraw their badges:
 * from the tab's finished check when there is one, else from its capture.
 */
async function refreshBadges(): Promise<void> {
  const lookup = await trust().lookup();
  const session = await browser.storage.session.get(null);
  const tabs = new Set<number>();
  for (const [key, value] of Object.entries(session)) {
    if (isRunSnapshotKey(key)) {
      const run = RunSnapshotSchema.safeParse(value);
      const final = run.success ? run.data.events.findLast((event) => event.type === 'final') : undefined;
      if (run.success && final?.type === 'final') {
        tabs.add(run.data.tabId);
        await showVerdictBadges(run.data.tabId, final.verdict, lookup);
      }
    }
  }
  for (const key of Object.keys(session)) {
    const tabId = Number(key.split(':')[1]);
    if (!isCaptureStateKey(key) || !Number.isInteger(tabId) || tabs.has(tabId)) continue;
    const { capture } = await readCaptureState(tabId);
    if (capture) await showCaptureBadges(tabId, capture, lookup);
  }
}

/** Runs a change, then redraws badges without making the person wait for (or fail on) the redraw. */
async function thenRefresh<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  void refreshBadges().catch(() => undefined);
  return result;
}

export const trustHandlers: Pick<HandlerMap, TrustRequestType> = {
  'get-trust-table': () => trust().table(),
  'get-trust': ({ domains }) => trust().rows(domains),
  'set-override': ({ domain, override }) =>
    thenRefresh(
      trust().setOverride(
        domain,
        override && { kind: override.kind, ...(override.weight !== undefined ? { weight: override.weight } : {}) },
      ),
    ),
  async 'reset-trust'({ domain }) {
    await thenRefresh(trust().reset(domain));
    return null;
  },
  'import-trust': ({ json, mode }) => thenRefresh(trust().importJson(json, mode)),
  'export-trust': async () => ({ json: await trust().exportJson() }),

  /** The review feeds the estimate and is kept on the check, together, so neither can say something the other does not. */
  async 'review-conflict'({ checkId, conflictId, choice }) {
    const db = historyDb();
    const check = await getCheck(db, checkId);
    if (!check) {
      throw new FactCheckError('bad-input', 'This check is no longer in the history, so it cannot be reviewed.');
    }
    const at = new Date().toISOString();
    await trust().recordReview({ checkId, verdict: check.verdict, conflictId, choice, at });
    const updated = await thenRefresh(saveReview(db, checkId, conflictId, choice, at));
    if (!updated) throw new FactCheckError('internal', 'The review was counted but the check could not be updated.');
    return updated.verdict;
  },
};
