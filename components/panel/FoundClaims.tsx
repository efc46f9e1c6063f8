import type { Verdict } from '@/lib/core/verdict';
import { percent } from '@/lib/ui/format';
import { SourceChips } from './SourceChips';

/**
 * When the run refused, what it found all the same: each claim no conflict card already shows,
 * with its sources, so a refusal never hides the evidence.
 */
export function FoundClaims({ verdict }: { verdict: Verdict }) {
  if (verdict.answers.length > 0) return null;
  const inConflicts = new Set(verdict.conflicts.flatMap((conflict) => conflict.groupIds));
  const claims = verdict.groups.filter((group) => !inConflicts.has(group.id) && group.answer.trim() !== '');
  if (claims.length === 0) return null;
  return (
    <section className="card" aria-labelledby="found-heading" data-testid="found-claims">
      <h2 id="found-heading" className="card-title">
        What was found
      </h2>
      <ol className="answer-list">
        {claims.map((group) => (
          <li key={group.id} className="answer-item" data-testid="found-claim">
            <p className="side-answer">
              {group.answer}
              <span className="muted small"> · {percent(group.confidence)} confident</span>
            </p>
            {group.summary && <p className="small">{group.summary}</p>}
            <SourceChips
              sources={verdict.sources.filter(
                (source) => source.groupId === group.id || group.sourceIds.includes(source.sourceId),
              )}
              fromMemory={group.fromMemory}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
