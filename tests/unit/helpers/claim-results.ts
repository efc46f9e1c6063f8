import type { ClaimResult } from '@/lib/core/claim-check';

/** A judged claim of an answer, with no evidence unless given: tests name only what they look at. */
export function claimResult(fields: Partial<ClaimResult> & Pick<ClaimResult, 'id' | 'outcome'>): ClaimResult {
  return {
    text: fields.id,
    span: { start: 0, end: 1 },
    worth: 0.5,
    weak: false,
    supportWeight: 0,
    contradictWeight: 0,
    evidence: [],
    unquoted: 0,
    cited: 'no-citations',
    explanation: '',
    ...fields,
  };
}
