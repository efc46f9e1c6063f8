import type { Verdict } from '../core/verdict';
import { type ToolbarState, toolbarStateOf } from '../runs/toolbar-state';
import { readCaptureState } from './captures';
import type { EngineServices } from './services';

/** The toolbar state a run ends in: its verdict's, a failure, or nothing for a cancelled run. */
export type RunOutcome = { verdict: Verdict } | { failed: true } | { cancelled: true };

const stateOf = (outcome: RunOutcome): ToolbarState =>
  'verdict' in outcome ? toolbarStateOf(outcome.verdict) : 'failed' in outcome ? 'error' : 'none';

/**
 * Keeps a tab's toolbar state in step with its runs. A state is drawn only while the tab still shows
 * the question the run checked: a run that ends after the person searched again says nothing.
 */
export function toolbarReporter(services: EngineServices) {
  const show = (tabId: number, state: ToolbarState) => services.showToolbarState(tabId, state).catch(() => undefined);
  const showsQuestion = async (tabId: number, question: string) =>
    (await readCaptureState(services.session, tabId)).capture?.query === question;
  return {
    checking: (tabId: number) => show(tabId, 'checking'),
    /** Never throws: the toolbar is a courtesy, and a run's own outcome must not depend on it. */
    async finished(tabId: number, question: string, outcome: RunOutcome) {
      try {
        if (await showsQuestion(tabId, question)) await show(tabId, stateOf(outcome));
      } catch {
        // The tab's capture could not be read: say nothing rather than something stale.
      }
    },
    /** A new question in the tab (a results page that changed without loading a new document). */
    cleared: (tabId: number) => show(tabId, 'none'),
  };
}
export type ToolbarReporter = ReturnType<typeof toolbarReporter>;
