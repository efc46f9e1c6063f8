import type { Verdict } from '@/lib/core/verdict';
import { normalizeAnswer } from '@/lib/trust/answers';
import { SourceChips } from './SourceChips';

/** For a question with several valid answers: each answer with the sources that give it. */
export function AmbiguousAnswers({ verdict }: { verdict: Verdict }) {
  if (verdict.answers.length < 2) return null;
  return (
    <section className="card" aria-labelledby="answers-heading" data-testid="ambiguous-answers">
      <h2 id="answers-heading" className="card-title">
        Each valid answer and its sources
      </h2>
      <ol className="answer-list">
        {verdict.answers.map((answer) => {
          const key = normalizeAnswer(answer);
          const group = verdict.groups.find((candidate) => normalizeAnswer(candidate.answer) === key);
          const sources = group ? verdict.sources.filter((source) => group.sourceIds.includes(source.sourceId)) : [];
          return (
            <li key={answer} className="answer-item" data-testid="valid-answer">
              <p className="answer">{answer}</p>
              {group?.summary && <p className="small">{group.summary}</p>}
              <SourceChips sources={sources} fromMemory={group?.fromMemory ?? false} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
