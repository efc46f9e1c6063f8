import { useState } from 'react';
import { useHistory } from '@/hooks/useHistory';
import { CheckList } from './CheckList';

/** Past checks, searchable by question, answer or site; each one reopens. */
export function HistoryView({ onOpen }: { onOpen: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const { records, loading, error } = useHistory(query);
  return (
    <section aria-labelledby="history-heading" data-testid="history">
      <h2 id="history-heading" className="section-title">
        Past checks
      </h2>
      <label className="search">
        <span className="visually-hidden">Search past checks</span>
        <input
          type="search"
          placeholder="Search questions, answers, sites"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-testid="history-search"
        />
      </label>
      {error && (
        <p role="alert" className="error">
          The history could not be read: {error}
        </p>
      )}
      {!loading && records.length === 0 && !error && (
        <p className="muted">{query ? 'No past check matches.' : 'No checks yet.'}</p>
      )}
      <CheckList records={records} onOpen={onOpen} />
    </section>
  );
}
