import type { Verdict } from '@/lib/core/verdict';
import { percent } from '@/lib/ui/format';
import { REFUSAL_TEXT, STRATEGY_WORDS } from '@/lib/ui/words';

/** Several answers in one line; past three, the rest are counted (each is listed with its sources below). */
function severalAnswers(answers: readonly string[]): string {
  const shown = answers.slice(0, 3).join(' · ');
  return answers.length > 3 ? `${shown} · and ${answers.length - 3} more` : shown;
}

/** The answer (or the plain refusal), how it was reached, and how sure the run is. */
export function AnswerCard({ verdict, final }: { verdict: Verdict; final: boolean }) {
  const refused = verdict.strategy === 'refuse' || verdict.answers.length === 0;
  const answer = verdict.finalAnswer ?? verdict.answers[0] ?? null;
  return (
    <section
      className={`card answer-card${refused ? ' refused' : ''}`}
      aria-labelledby="answer-heading"
      data-testid="answer-card"
      data-strategy={verdict.strategy}
      aria-busy={!final}
    >
      <h2 id="answer-heading" className="card-title">
        {refused ? 'No answer' : verdict.answers.length > 1 ? 'Several valid answers' : 'Answer'}
        {!final && <span className="muted small"> · still checking</span>}
      </h2>
      {refused ? (
        <p className="answer refusal" data-testid="refusal">
          {REFUSAL_TEXT}
        </p>
      ) : (
        <p className="answer" data-testid="answer">
          {verdict.answers.length > 1 ? severalAnswers(verdict.answers) : answer}
        </p>
      )}
      <p className="strategy" data-testid="strategy">
        {STRATEGY_WORDS[verdict.strategy]}
      </p>
      <div className="confidence">
        <span id="confidence-label">Confidence</span>
        <meter
          className="confidence-meter"
          min={0}
          max={1}
          low={0.4}
          high={0.7}
          optimum={1}
          value={verdict.confidence}
          aria-labelledby="confidence-label"
        />
        <span data-testid="confidence">{percent(verdict.confidence)}</span>
      </div>
      {verdict.explanation && <p className="explanation">{verdict.explanation}</p>}
      {verdict.answerBoxCheck && (
        <p className={`answer-box-check box-${verdict.answerBoxCheck.status}`} data-testid="answer-box-check">
          <strong>The engine’s own answer: {verdict.answerBoxCheck.status}.</strong>{' '}
          {verdict.answerBoxCheck.explanation}
        </p>
      )}
    </section>
  );
}
