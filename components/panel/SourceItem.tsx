import type { Source } from '@/lib/core/source';
import type { SourceAssessment } from '@/lib/core/verdict';
import type { OverrideInput } from '@/lib/trust/store';
import type { TrustRow } from '@/lib/trust/table';
import { STANCE_WORDS, STANCE_WORDS_WITHOUT_ANSWER } from '@/lib/ui/words';
import { TrustActions } from './TrustActions';
import { TrustBar } from './TrustBar';

/** One source as the run judged it: title (link), site, stance, its own answer, trust and quick actions. */
export function SourceItem({
  assessment,
  source,
  row,
  refused = false,
  onOverride,
}: {
  assessment: SourceAssessment;
  /** The verdict has no answer, so stances are not relative to one. */
  refused?: boolean;
  source: Source | undefined;
  row: TrustRow | undefined;
  onOverride?: (domain: string, override: OverrideInput | null) => void;
}) {
  return (
    <li className="source" data-testid="assessed-source" data-stance={assessment.stance}>
      <a href={assessment.url} target="_blank" rel="noreferrer noopener" className="source-title">
        {source?.title || assessment.url}
      </a>
      <div className="source-meta">
        <span className="source-domain">{assessment.domain}</span>
        <span className={`stance stance-${assessment.stance}`}>
          {(refused ? STANCE_WORDS_WITHOUT_ANSWER : STANCE_WORDS)[assessment.stance]}
        </span>
      </div>
      {assessment.answer && (
        <p className="source-answer">
          <span className="muted">Says: </span>
          {assessment.answer}
        </p>
      )}
      {source?.snippet && <p className="source-snippet">{source.snippet}</p>}
      <TrustBar domain={assessment.domain} reliability={assessment.trust} row={row} />
      {onOverride && (
        <TrustActions domain={assessment.domain} current={row?.override?.kind ?? null} onOverride={onOverride} />
      )}
    </li>
  );
}
