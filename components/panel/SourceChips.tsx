import type { SourceAssessment } from '@/lib/core/verdict';

/** The sites behind a claim, as small links; "the model's memory" when the claim came from it. */
export function SourceChips({ sources, fromMemory }: { sources: readonly SourceAssessment[]; fromMemory?: boolean }) {
  if (sources.length === 0 && !fromMemory) return <p className="muted small">No source backs this.</p>;
  return (
    <ul className="chips" aria-label="Backed by">
      {fromMemory && <li className="chip chip-memory">the model’s memory</li>}
      {sources.map((source) => (
        <li key={source.sourceId} className="chip">
          <a href={source.url} target="_blank" rel="noreferrer noopener">
            {source.domain}
          </a>
        </li>
      ))}
    </ul>
  );
}
