import { describe, expect, it } from 'vitest';
import type { ClaimCheck, ClaimOutcome, ClaimResult } from '@/lib/core/claim-check';
import type { Verdict } from '@/lib/core/verdict';
import { TOOLBAR_LOOKS, TOOLBAR_STATES, toolbarStateOf, toolbarStateOfRun } from '@/lib/runs/toolbar-state';
import { claimResult } from '../helpers/claim-results';

const base: Verdict = {
  question: 'q',
  method: 'madam',
  strategy: 'external',
  answers: ['1963'],
  finalAnswer: '1963',
  explanation: '',
  confidence: 0.9,
  groups: [],
  conflicts: [],
  sources: [{ sourceId: 's1', url: 'https://a.org/', domain: 'a.org', stance: 'supports', groupId: 'g1', trust: 0.5 }],
  usage: { calls: 1, promptTokens: 1, completionTokens: 1, ms: 1 },
};

describe('the toolbar state of a check', () => {
  it('consistent, disputed (conflict, contradicting source, contradicted answer box), unsettled', () => {
    expect(toolbarStateOf(base)).toBe('consistent');
    expect(
      toolbarStateOf({ ...base, conflicts: [{ id: 'c', groupIds: ['a', 'b'], kind: 'ambiguity', resolution: '' }] }),
    ).toBe('disputed');
    const contradicting = { ...base.sources[0], stance: 'contradicts' } as Verdict['sources'][number];
    expect(toolbarStateOf({ ...base, sources: [...base.sources, contradicting] })).toBe('disputed');
    expect(toolbarStateOf({ ...base, answerBoxCheck: { status: 'contradicted', explanation: '' } })).toBe('disputed');
    expect(toolbarStateOf({ ...base, answerBoxCheck: { status: 'supported', explanation: '' } })).toBe('consistent');
    expect(toolbarStateOf({ ...base, strategy: 'refuse', answers: [], finalAnswer: null })).toBe('unsettled');
    // The model alone: an answer, but the results were never read.
    expect(toolbarStateOf({ ...base, method: 'norag', strategy: 'internal' })).toBe('memory');
    expect(TOOLBAR_LOOKS.memory.title).toContain('results were not checked');
  });

  it('a claim of the engine’s answer contradicted or disputed is disputed; the AI answer checked alone', () => {
    const claim = (outcome: ClaimOutcome): ClaimResult => claimResult({ id: outcome, outcome, worth: 1 });
    const check = (...outcomes: ClaimOutcome[]): ClaimCheck => ({
      boxKind: 'ai-overview',
      boxText: 'x',
      claims: outcomes.map(claim),
      leftOut: 0,
      split: 'model',
      claimsPerCall: 2,
      usage: base.usage,
    });
    expect(toolbarStateOf({ ...base, claimCheck: check('supported', 'contradicted') })).toBe('disputed');
    expect(toolbarStateOf({ ...base, claimCheck: check('supported', 'disputed') })).toBe('disputed');
    expect(toolbarStateOf({ ...base, claimCheck: check('supported', 'not-found') })).toBe('consistent');
    const alone: Verdict = { ...base, method: 'claims', strategy: 'refuse', answers: [], finalAnswer: null };
    expect(toolbarStateOf({ ...alone, claimCheck: check('supported', 'supported') })).toBe('consistent');
    expect(toolbarStateOf({ ...alone, claimCheck: check('supported', 'not-found') })).toBe('unsettled');
    expect(toolbarStateOf({ ...alone, claimCheck: check('contradicted') })).toBe('disputed');
  });

  it('a snapshot: running, failed, cancelled, done with its verdict', () => {
    const snapshot = { runId: 'r', tabId: 1, startedAt: 1, events: [] };
    expect(toolbarStateOfRun({ ...snapshot, status: 'running' })).toBe('checking');
    expect(toolbarStateOfRun({ ...snapshot, status: 'failed' })).toBe('error');
    expect(toolbarStateOfRun({ ...snapshot, status: 'cancelled' })).toBe('none');
    const final = { type: 'final', verdict: base, runId: 'r', at: 2 } as const;
    expect(toolbarStateOfRun({ ...snapshot, status: 'done', events: [final] })).toBe('consistent');
  });

  it('every state has a title in words; only "none" has no badge', () => {
    for (const state of TOOLBAR_STATES) {
      expect(TOOLBAR_LOOKS[state].title).toMatch(/^Search Fact Check: \w/);
      expect(TOOLBAR_LOOKS[state].text === '').toBe(state === 'none');
    }
  });
});
