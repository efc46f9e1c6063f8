import { claimOf, claimReviewQuestion } from '../claims/review';
import { FactCheckError } from '../core/errors';
import { getCheck, historyDb, saveClaimReview, saveReview } from '../history/db';
import { RunSnapshotSchema } from '../messaging/requests/run';
import type { HandlerMap } from '../messaging/router';
import { isCaptureStateKey, isRunSnapshotKey, tabIdOfCaptureKey } from '../storage/session-keys';
import { showBadges } from './badges';
import { readCaptureState } from './captures';
import type { EngineContext } from './context';
import { seenOnOf } from './runs';

type TrustRequestType =
  | 'get-trust-table'
  | 'get-trust'
  | 'set-override'
  | 'reset-trust'
  | 'import-trust'
  | 'export-trust'
  | 'review-conflict'
  | 'review-claim';

/**
 * After the person changes a site's trust, results pages still open redraw their badges:
 * from the tab's finished check when there is one, else from its capture.
 */
async function refreshBadges(context: EngineContext): Promise<void> {
  const lookup = await context.trust.lookup();
  const session = await context.services.session.get(null);
  const tabs = new Set<number>();
  for (const [key, value] of Object.entries(session)) {
    if (!isRunSnapshotKey(key)) continue;
    const run = RunSnapshotSchema.safeParse(value);
    const final = run.success ? run.data.events.findLast((event) => event.type === 'final') : undefined;
    if (run.success && final?.type === 'final') {
      tabs.add(run.data.tabId);
      await showBadges(context, run.data.tabId, { verdict: final.verdict }, lookup);
    }
  }
  for (const key of Object.keys(session)) {
    const tabId = tabIdOfCaptureKey(key);
    if (!isCaptureStateKey(key) || !Number.isInteger(tabId) || tabs.has(tabId)) continue;
    const { capture } = await readCaptureState(context.services.session, tabId);
    if (capture) await showBadges(context, tabId, { capture }, lookup);
  }
}

export function trustHandlers(context: EngineContext): Pick<HandlerMap, TrustRequestType> {
  const { trust } = context;
  /** Runs a change, then redraws badges without making the person wait for (or fail on) the redraw. */
  const thenRefresh = async <T>(change: Promise<T>): Promise<T> => {
    const result = await change;
    void refreshBadges(context).catch(() => undefined);
    return result;
  };
  return {
    'get-trust-table': () => trust.table(),
    'get-trust': ({ domains }) => trust.rows(domains),
    'set-override': ({ domain, override }) =>
      thenRefresh(
        trust.setOverride(
          domain,
          override && { kind: override.kind, ...(override.weight !== undefined ? { weight: override.weight } : {}) },
        ),
      ),
    async 'reset-trust'({ domain }) {
      await thenRefresh(trust.reset(domain));
      return null;
    },
    'import-trust': ({ json, mode }) => thenRefresh(trust.importJson(json, mode)),
    'export-trust': async () => ({ json: await trust.exportJson() }),

    /** The review feeds the estimate and is kept on the check, together, so neither can say something the other does not. */
    async 'review-conflict'({ checkId, conflictId, choice }) {
      const db = historyDb();
      const check = await getCheck(db, checkId);
      if (!check) {
        throw new FactCheckError('bad-input', 'This check is no longer in the history, so it cannot be reviewed.');
      }
      const at = new Date().toISOString();
      await trust.recordReview({
        checkId,
        verdict: check.verdict,
        conflictId,
        choice,
        at,
        seenOn: seenOnOf(check.url),
      });
      const updated = await thenRefresh(saveReview(db, checkId, conflictId, choice, at));
      if (!updated) throw new FactCheckError('internal', 'The review was counted but the check could not be updated.');
      return updated.verdict;
    },

    /** A claim of the engine's answer judged right or wrong counts for its sites like a conflict review. */
    async 'review-claim'({ checkId, claimId, choice }) {
      const db = historyDb();
      const check = await getCheck(db, checkId);
      if (!check) {
        throw new FactCheckError('bad-input', 'This check is no longer in the history, so it cannot be reviewed.');
      }
      const at = new Date().toISOString();
      // A claim of a search instance's page leaves that page's sites as unseen as its check did.
      const question = claimReviewQuestion(
        checkId,
        check.verdict.question,
        claimOf(check.verdict, claimId),
        choice,
        at,
      );
      await trust.recordLabelledQuestion({ ...question, seenOn: seenOnOf(check.url) });
      const updated = await thenRefresh(saveClaimReview(db, checkId, claimId, choice, at));
      if (!updated) throw new FactCheckError('internal', 'The review was counted but the check could not be updated.');
      return updated.verdict;
    },
  };
}
