import type { ReviewChoice, Verdict } from '@/lib/core/verdict';
import { ConflictCard } from './ConflictCard';

export interface ReviewState {
  /** The conflict whose review is on its way to the background. */
  busyId: string | null;
  errors: Record<string, string>;
  onReview(conflictId: string, choice: ReviewChoice): void;
}

/** Where the sources disagree. Without `review` (a partial verdict) the cards cannot be reviewed yet. */
export function ConflictList({ verdict, review }: { verdict: Verdict; review?: ReviewState }) {
  if (verdict.conflicts.length === 0) return null;
  const open = verdict.conflicts.filter((conflict) => !conflict.review).length;
  return (
    <section aria-labelledby="conflicts-heading" data-testid="conflicts">
      <h2 id="conflicts-heading" className="section-title">
        Where the sources disagree ({verdict.conflicts.length})
        {review && open > 0 && <span className="muted small"> · {open} to review</span>}
      </h2>
      <ol className="conflict-list">
        {verdict.conflicts.map((conflict) => (
          <ConflictCard
            key={conflict.id}
            conflict={conflict}
            verdict={verdict}
            busy={review?.busyId === conflict.id}
            error={review?.errors[conflict.id] ?? null}
            {...(review ? { onReview: (choice: ReviewChoice) => review.onReview(conflict.id, choice) } : {})}
          />
        ))}
      </ol>
    </section>
  );
}
