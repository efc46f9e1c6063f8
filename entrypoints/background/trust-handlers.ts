import { FactCheckError } from '@/lib/core/errors';
import type { SerpCapture } from '@/lib/core/serp-capture';
import type { Verdict } from '@/lib/core/verdict';
import { getCheck, historyDb, saveCheck, saveReview } from '@/lib/history/db';
import type { HandlerMap } from '@/lib/messaging/router';
import { localArea } from '@/lib/storage/browser-areas';
import { trustStore } from '@/lib/trust/store';

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

export const trustHandlers: Pick<HandlerMap, TrustRequestType> = {
  'get-trust-table': () => trust().table(),
  'get-trust': ({ domains }) => trust().rows(domains),
  'set-override': ({ domain, override }) =>
    trust().setOverride(
      domain,
      override && { kind: override.kind, ...(override.weight !== undefined ? { weight: override.weight } : {}) },
    ),
  async 'reset-trust'({ domain }) {
    await trust().reset(domain);
    return null;
  },
  'import-trust': ({ json, mode }) => trust().importJson(json, mode),
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
    const updated = await saveReview(db, checkId, conflictId, choice, at);
    if (!updated) throw new FactCheckError('internal', 'The review was counted but the check could not be updated.');
    return updated.verdict;
  },
};
