import type { Source } from '@/lib/core/source';
import type { TrustRow } from '@/lib/trust/table';
import { TrustBar } from './panel/TrustBar';

/**
 * The captured results in rank order, before any check: what the page shows, and what the trust
 * store already knows of each site. Titles and snippets are page text: rendered as text only.
 */
export function SourceList({ sources, rows = {} }: { sources: readonly Source[]; rows?: Record<string, TrustRow> }) {
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" className="section-title">
        Results on the page
      </h2>
      <ol className="source-list" aria-label="Search results">
        {sources.map((source) => {
          const row = rows[source.domain];
          return (
            <li key={source.id} className="source" data-testid="source">
              <a href={source.url} target="_blank" rel="noreferrer noopener" className="source-title">
                {source.title}
              </a>
              <div className="source-domain">{source.domain}</div>
              {source.snippet && <p className="source-snippet">{source.snippet}</p>}
              {row && <TrustBar domain={source.domain} reliability={row.reliability} row={row} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
