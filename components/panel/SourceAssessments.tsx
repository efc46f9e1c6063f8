import type { Source } from '@/lib/core/source';
import type { SourceAssessment } from '@/lib/core/verdict';
import type { OverrideInput } from '@/lib/trust/store';
import type { TrustRow } from '@/lib/trust/table';
import { SourceItem } from './SourceItem';

/** The sources in rank order, each with what the run made of it. */
export function SourceAssessments({
  assessments,
  sources,
  rows,
  refused = false,
  onOverride,
}: {
  assessments: readonly SourceAssessment[];
  refused?: boolean;
  sources: readonly Source[];
  rows: Record<string, TrustRow>;
  onOverride?: (domain: string, override: OverrideInput | null) => void;
}) {
  const byId = new Map(sources.map((source) => [source.id, source]));
  return (
    <section className="card" aria-labelledby="sources-heading">
      <h2 id="sources-heading" className="card-title">
        Sources ({assessments.length})
      </h2>
      <ol className="source-list">
        {assessments.map((assessment) => (
          <SourceItem
            key={assessment.sourceId}
            assessment={assessment}
            source={byId.get(assessment.sourceId)}
            row={rows[assessment.domain]}
            refused={refused}
            {...(onOverride ? { onOverride } : {})}
          />
        ))}
      </ol>
    </section>
  );
}
