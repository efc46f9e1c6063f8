import type { Conflict, ReviewChoice, Verdict } from '@/lib/core/verdict';
import { percent } from '@/lib/ui/format';
import { CONFLICT_KIND_WORDS, REVIEW_RESULT_WORDS } from '@/lib/ui/words';
import { ReviewButtons } from './ReviewButtons';
import { SourceChips } from './SourceChips';

const SIDE_NAMES = ['A', 'B', 'C', 'D', 'E', 'F'];

/** One disagreement: each side with its sources, what kind it is, and the person's review. */
export function ConflictCard({
  conflict,
  verdict,
  busy = false,
  error = null,
  onReview,
}: {
  conflict: Conflict;
  verdict: Verdict;
  busy?: boolean;
  error?: string | null;
  onReview?: (choice: ReviewChoice) => void;
}) {
  const kind = CONFLICT_KIND_WORDS[conflict.kind];
  return (
    <li className="card conflict" data-testid="conflict" data-kind={conflict.kind}>
      <div className="conflict-head">
        <span className={`kind kind-${conflict.kind}`}>{kind.label}</span>
        <span className="muted small">{kind.meaning}</span>
      </div>
      <ol className="sides">
        {conflict.groupIds.map((groupId, index) => {
          const group = verdict.groups.find((candidate) => candidate.id === groupId);
          const sources = verdict.sources.filter(
            (source) => source.groupId === groupId || (group?.sourceIds.includes(source.sourceId) ?? false),
          );
          const name = SIDE_NAMES[index] ?? String(index + 1);
          return (
            <li key={groupId} className="side" data-testid="conflict-side">
              <p className="side-answer">
                <span className="side-name">
                  <span className="visually-hidden">Side </span>
                  {name}
                </span>
                {group?.answer ?? 'Unknown answer'}
                {group && <span className="muted small"> · {percent(group.confidence)} confident</span>}
              </p>
              {group?.summary && <p className="small">{group.summary}</p>}
              <SourceChips sources={sources} fromMemory={group?.fromMemory ?? false} />
            </li>
          );
        })}
      </ol>
      {conflict.resolution && <p className="small">{conflict.resolution}</p>}
      {conflict.review && (
        <p className="review-result" data-testid="review-result">
          {REVIEW_RESULT_WORDS[conflict.review.choice]}
        </p>
      )}
      {onReview && (
        <ReviewButtons
          conflictId={conflict.id}
          current={conflict.review?.choice ?? null}
          busy={busy}
          onReview={onReview}
        />
      )}
      {error && (
        <p role="alert" className="error small">
          {error}
        </p>
      )}
    </li>
  );
}
