import type { Stage } from '../core/run-event';
import type { ConflictKind, ReviewChoice, Stance, Strategy, Verdict } from '../core/verdict';

/** How the answer came about, in the person's words (BRIDGE's four outcomes). */
export const STRATEGY_WORDS: Record<Strategy, string> = {
  all: 'Answered from the sources and the model’s memory, which agree',
  internal: 'Answered from the model’s memory; the sources are flagged',
  external: 'Answered from the sources',
  refuse: 'Refused: neither the sources nor the model’s memory is reliable enough here',
};

export const REFUSAL_TEXT = 'The sources and the model do not settle this.';

/**
 * A check's outcome in one line, for lists of past checks. "Check the AI answer" answers nothing
 * itself: it is listed by what it found of the engine's answer, never as a refusal.
 */
export function outcomeLine(verdict: Verdict): string {
  if (verdict.method === 'claims') {
    return `The engine’s own answer: ${verdict.answerBoxCheck?.status ?? 'not checked'}.`;
  }
  return verdict.strategy === 'refuse' || verdict.answers.length === 0 ? REFUSAL_TEXT : verdict.answers.join(' · ');
}

export const STANCE_WORDS: Record<Stance, string> = {
  supports: 'Supports the answer',
  contradicts: 'Contradicts the answer',
  irrelevant: 'Does not answer the question',
};

/** When the run refused there is no answer to support: say what the source did instead. */
export const STANCE_WORDS_WITHOUT_ANSWER: Record<Stance, string> = {
  supports: 'Gives an answer',
  contradicts: 'Judged wrong',
  irrelevant: 'Does not answer the question',
};

export const CONFLICT_KIND_WORDS: Record<ConflictKind, { label: string; meaning: string }> = {
  ambiguity: {
    label: 'Ambiguous question',
    meaning: 'Both sides may be right: the question has several valid answers.',
  },
  misinformation: { label: 'Misinformation', meaning: 'One side looks wrong.' },
  outdated: { label: 'Outdated', meaning: 'One side was right once but is out of date.' },
  unclear: { label: 'Unclear', meaning: 'The run could not tell which side is right.' },
};

export const REVIEW_CHOICES: { choice: ReviewChoice; label: string }[] = [
  { choice: 'a', label: 'A is right' },
  { choice: 'b', label: 'B is right' },
  { choice: 'both', label: 'Both valid' },
  { choice: 'neither', label: 'Neither' },
];

export const REVIEW_RESULT_WORDS: Record<ReviewChoice, string> = {
  a: 'You marked A as right.',
  b: 'You marked B as right.',
  both: 'You marked both answers as valid.',
  neither: 'You marked neither answer as right.',
};

export const STAGE_WORDS: Record<Stage, string> = {
  'model-load': 'Loading the model',
  'fast-answer': 'First answer',
  'internal-knowledge': 'Model’s own knowledge',
  consolidate: 'Grouping what the sources say',
  finalize: 'Choosing the answer',
  'source-answers': 'Asking each source',
  debate: 'Debate between sources',
  aggregate: 'Weighing the debate',
  strategy: 'Deciding how to answer',
  claims: 'Splitting the engine’s answer into claims',
  'claim-evidence': 'Checking each claim against the results',
  'trust-update': 'Updating site trust',
};
