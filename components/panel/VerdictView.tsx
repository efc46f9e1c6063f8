import type { Source } from '@/lib/core/source';
import type { Verdict } from '@/lib/core/verdict';
import type { OverrideInput } from '@/lib/trust/store';
import type { TrustRow } from '@/lib/trust/table';
import { formatMs } from '@/lib/ui/format';
import { AgreementBars } from './AgreementBars';
import { AmbiguousAnswers } from './AmbiguousAnswers';
import { AnswerCard } from './AnswerCard';
import { ClaimCheckView } from './ClaimCheckView';
import { ConflictList, type ReviewState } from './ConflictList';
import { FoundClaims } from './FoundClaims';
import { SourceAssessments } from './SourceAssessments';

export interface VerdictViewProps {
  verdict: Verdict;
  final: boolean;
  /** The captured results, for titles and snippets. */
  sources: readonly Source[];
  rows: Record<string, TrustRow>;
  review?: ReviewState;
  onOverride?: (domain: string, override: OverrideInput | null) => void;
}

/** A verdict, live or reopened from the history: answer, valid answers, conflicts, sources, cost. */
export function VerdictView({ verdict, final, sources, rows, review, onOverride }: VerdictViewProps) {
  const { usage } = verdict;
  return (
    <div className="verdict" data-testid="verdict">
      <AnswerCard verdict={verdict} final={final} />
      {verdict.answerCheck && <ClaimCheckView check={verdict.answerCheck} />}
      <AgreementBars verdict={verdict} />
      <AmbiguousAnswers verdict={verdict} />
      <FoundClaims verdict={verdict} />
      <ConflictList verdict={verdict} {...(review && final ? { review } : {})} />
      <SourceAssessments
        assessments={verdict.sources}
        sources={sources}
        rows={rows}
        refused={verdict.answers.length === 0}
        {...(onOverride ? { onOverride } : {})}
      />
      {final && (
        <p className="muted small usage">
          {usage.calls} model calls · {usage.promptTokens + usage.completionTokens} tokens · {formatMs(usage.ms)} ·
          method {verdict.method}
        </p>
      )}
    </div>
  );
}
