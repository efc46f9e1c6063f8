import { FactCheckError } from '../core/errors';
import type { Conflict, ReviewChoice, Verdict } from '../core/verdict';
import { normalizeAnswer, sourceResponse } from './answers';
import { IDK } from './types';

/** A person's judgement of one conflict, as the estimator needs it: answers judged right and wrong. */
export interface ReviewLabel {
  conflictId: string;
  choice: ReviewChoice;
  at: string;
  /** Normalized answers the person judged right. */
  accepted: string[];
  /** Normalized answers the person judged wrong. */
  rejected: string[];
}

/** Every normalized answer a claim group stands for: its own and those of the sources in it. */
function answersOfGroup(verdict: Verdict, groupId: string): string[] {
  const answers = new Set<string>();
  const group = verdict.groups.find((candidate) => candidate.id === groupId);
  if (group) answers.add(normalizeAnswer(group.answer));
  for (const source of verdict.sources) {
    if (source.groupId === groupId) answers.add(sourceResponse(source));
  }
  answers.delete(IDK);
  return [...answers];
}

function sidesOf(conflict: Conflict): { a: string; b: string; others: string[] } {
  const [a, b, ...others] = conflict.groupIds;
  if (a === undefined || b === undefined) throw new FactCheckError('bad-input', 'A conflict needs two sides.');
  return { a, b, others };
}

/** Turns "A is right / B is right / both valid / neither" into labelled answers. */
export function reviewLabel(verdict: Verdict, conflictId: string, choice: ReviewChoice, at: string): ReviewLabel {
  const conflict = verdict.conflicts.find((candidate) => candidate.id === conflictId);
  if (!conflict) throw new FactCheckError('bad-input', `This check has no conflict ${conflictId}.`);
  const { a, b, others } = sidesOf(conflict);
  const answersA = answersOfGroup(verdict, a);
  const answersB = answersOfGroup(verdict, b);
  const answersOthers = others.flatMap((groupId) => answersOfGroup(verdict, groupId));
  const byChoice: Record<ReviewChoice, { accepted: string[]; rejected: string[] }> = {
    a: { accepted: answersA, rejected: [...answersB, ...answersOthers] },
    b: { accepted: answersB, rejected: [...answersA, ...answersOthers] },
    both: { accepted: [...answersA, ...answersB], rejected: answersOthers },
    neither: { accepted: [], rejected: [...answersA, ...answersB, ...answersOthers] },
  };
  return { conflictId, choice, at, ...byChoice[choice] };
}

/** Adds or replaces (same conflict) a review: the latest word on a conflict is the one that counts. */
export function withReview(reviews: readonly ReviewLabel[], review: ReviewLabel): ReviewLabel[] {
  return [...reviews.filter((existing) => existing.conflictId !== review.conflictId), review];
}

/**
 * The question's label from all its reviews. An answer accepted in one review and rejected in a
 * later one is not accepted. "" (every answer wrong) when the person accepted none.
 */
export function labelsOf(reviews: readonly ReviewLabel[]): { label: string; acceptedLabels: string[] } | null {
  if (reviews.length === 0) return null;
  const accepted = new Set<string>();
  for (const review of reviews) {
    for (const answer of review.rejected) accepted.delete(answer);
    for (const answer of review.accepted) accepted.add(answer);
  }
  const acceptedLabels = [...accepted];
  return { label: acceptedLabels[0] ?? '', acceptedLabels };
}

/** The verdict as the person resolved it: the conflict carries their review. */
export function applyReview(verdict: Verdict, conflictId: string, choice: ReviewChoice, at: string): Verdict {
  return {
    ...verdict,
    conflicts: verdict.conflicts.map((conflict) =>
      conflict.id === conflictId ? { ...conflict, review: { choice, at } } : conflict,
    ),
  };
}
