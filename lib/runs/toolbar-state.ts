import type { Verdict } from '../core/verdict';
import type { RunSnapshot } from '../messaging/requests/run';

/**
 * What the toolbar button says of a tab. Plain data, no schema library: the service worker draws
 * it, and the worker stays small (it evaluates its script at every wake-up).
 */
export const TOOLBAR_STATES = ['none', 'checking', 'consistent', 'disputed', 'unsettled', 'memory', 'error'] as const;
export type ToolbarState = (typeof TOOLBAR_STATES)[number];

export interface ToolbarLook {
  text: string;
  color: string;
  /** The button's tooltip and accessible name: the state in words, never only a colour or a sign. */
  title: string;
}

const NAME = 'Search Fact Check';

export const TOOLBAR_LOOKS: Record<ToolbarState, ToolbarLook> = {
  none: { text: '', color: '#57606a', title: `${NAME}: open the fact-check panel` },
  checking: { text: '…', color: '#57606a', title: `${NAME}: checking these results…` },
  consistent: { text: '✓', color: '#1a7f37', title: `${NAME}: checked, the results agree with the answer` },
  disputed: {
    text: '!',
    color: '#b3261e',
    title: `${NAME}: contradicted or disputed claims found; open the panel to see them`,
  },
  unsettled: { text: '?', color: '#9a6700', title: `${NAME}: checked, the sources do not settle the question` },
  memory: {
    text: 'M',
    color: '#57606a',
    title: `${NAME}: answered from the model's memory alone; the results were not checked`,
  },
  error: { text: '×', color: '#6e7781', title: `${NAME}: the check failed; open the panel for what to do` },
};

/**
 * A finished check on the toolbar: any conflict between sources, a source that contradicts the
 * answer, or a claim of the engine's answer (or of ours) contradicted or disputed is "disputed";
 * no answer is "unsettled".
 */
export function toolbarStateOf(verdict: Verdict): ToolbarState {
  const claims = [...(verdict.claimCheck?.claims ?? []), ...(verdict.answerCheck?.claims ?? [])];
  const disputed =
    verdict.conflicts.length > 0 ||
    verdict.answerBoxCheck?.status === 'contradicted' ||
    claims.some((claim) => claim.outcome === 'contradicted' || claim.outcome === 'disputed') ||
    verdict.sources.some((source) => source.stance === 'contradicts');
  if (disputed) return 'disputed';
  // The model alone never read the results: nothing on the page was checked, whatever it answered.
  if (verdict.method === 'norag') return 'memory';
  // The AI answer checked alone: consistent when the results back each of its claims.
  if (verdict.method === 'claims') {
    return claims.length > 0 && claims.every((claim) => claim.outcome === 'supported') ? 'consistent' : 'unsettled';
  }
  if (verdict.strategy === 'refuse' || verdict.answers.length === 0) return 'unsettled';
  return 'consistent';
}

/** The state a run's snapshot stands in (a page reloaded on the same question shows it again). */
export function toolbarStateOfRun(snapshot: RunSnapshot): ToolbarState {
  if (snapshot.status === 'running') return 'checking';
  if (snapshot.status === 'failed') return 'error';
  if (snapshot.status === 'cancelled') return 'none';
  const final = snapshot.events.findLast((event) => event.type === 'final');
  return final?.type === 'final' ? toolbarStateOf(final.verdict) : 'none';
}
