import type { ReviewChoice } from '@/lib/core/verdict';
import { REVIEW_CHOICES } from '@/lib/ui/words';

/** A/B/both/neither; the person's current choice shows as pressed and can be changed. */
export function ReviewButtons({
  conflictId,
  current,
  busy,
  onReview,
}: {
  conflictId: string;
  current: ReviewChoice | null;
  busy: boolean;
  onReview: (choice: ReviewChoice) => void;
}) {
  return (
    <fieldset className="review-buttons">
      <legend className="visually-hidden">Which side is right?</legend>
      {REVIEW_CHOICES.map(({ choice, label }) => (
        <button
          key={choice}
          type="button"
          className="chip-button"
          data-testid={`review-${conflictId}-${choice}`}
          aria-pressed={current === choice}
          disabled={busy}
          onClick={() => onReview(choice)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
