import type { Source } from '@/lib/core/source';

/** The captured results, rank order. Titles and snippets are page text: rendered as text only. */
export function SourceList({ sources }: { sources: readonly Source[] }) {
  return (
    <ol className="source-list" aria-label="Search results">
      {sources.map((source) => (
        <li key={source.id} className="source" data-testid="source">
          <a href={source.url} target="_blank" rel="noreferrer noopener" className="source-title">
            {source.title}
          </a>
          <div className="source-domain">{source.domain}</div>
          {source.snippet && <p className="source-snippet">{source.snippet}</p>}
        </li>
      ))}
    </ol>
  );
}
