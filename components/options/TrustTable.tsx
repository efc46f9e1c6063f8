import { useState } from 'react';
import { useTrustTable } from '@/hooks/useTrustTable';
import { useTrustTrend } from '@/hooks/useTrustTrend';
import { defaultTrustQuery, type OverrideFilter, type TrustSortKey, visibleRows } from '@/lib/ui/trust-table';
import { TrustRowEditor } from './TrustRowEditor';
import { TrustTransfer } from './TrustTransfer';

const COLUMNS: { key: TrustSortKey; label: string }[] = [
  { key: 'domain', label: 'Site' },
  { key: 'reliability', label: 'Trust' },
  { key: 'evidence', label: 'Evidence' },
  { key: 'lastSeen', label: 'Last seen' },
];

const FILTERS: { value: OverrideFilter; label: string }[] = [
  { value: 'all', label: 'All sites' },
  { value: 'none', label: 'Estimated only' },
  { value: 'trusted', label: 'Trusted' },
  { value: 'distrusted', label: 'Distrusted' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'custom', label: 'Custom weight' },
];

/** Per-site reliability: what the checks taught, and the person's overrides, which win. */
export function TrustTable() {
  const table = useTrustTable();
  const trend = useTrustTrend();
  const [query, setQuery] = useState(defaultTrustQuery);
  const rows = table.rows ? visibleRows(table.rows, query) : [];
  const sortBy = (key: TrustSortKey) =>
    setQuery((q) => ({ ...q, sort: key, descending: q.sort === key ? !q.descending : key !== 'domain' }));

  return (
    <section aria-labelledby="trust-heading" data-testid="trust-table">
      <h2 id="trust-heading">Site trust</h2>
      <p className="muted small">
        Each site starts from its published quality rating, or at 50% with wide uncertainty when it is not rated; past
        checks move it as they accumulate (sites that agree with the consensus earn trust), your reviews count more than
        estimates, and your overrides always win. Blocked sites are left out of checks. Sites never seen on a built-in
        engine cannot outvote rated ones.
      </p>
      <p className="muted small" data-testid="ratings-attribution">
        Published ratings: aggregate quality ratings of 11,092 news and information domains from Lin, Lasser,
        Lewandowsky, Cole, Gully, Rand &amp; Pennycook (2023), “High level of correspondence across different news
        domain quality rating sets”, PNAS Nexus 2(9), pgad286 (doi:10.1093/pnasnexus/pgad286), shared for reuse at
        domain-quality.info.
      </p>
      <TrustTransfer onExport={table.exportJson} onImport={table.importJson} onResetAll={() => void table.reset()} />
      {table.error && (
        <p role="alert" className="error" data-testid="trust-error">
          {table.error}
        </p>
      )}
      {table.notice && (
        <p role="status" className="notice" data-testid="trust-notice">
          {table.notice}
        </p>
      )}
      <div className="row wrap">
        <label className="row">
          Find
          <input
            type="search"
            value={query.text}
            placeholder="example.org"
            data-testid="trust-filter"
            onChange={(event) => setQuery({ ...query, text: event.currentTarget.value })}
          />
        </label>
        <label className="row">
          Show
          <select
            value={query.override}
            onChange={(event) => setQuery({ ...query, override: event.currentTarget.value as OverrideFilter })}
          >
            {FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {table.rows === null ? (
        <p className="muted">Loading…</p>
      ) : table.rows.length === 0 ? (
        <p className="muted">No sites yet: run a check and the sites it reads appear here.</p>
      ) : (
        <div className="table-scroll">
          <table className="trust-table">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={query.sort === column.key ? (query.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button type="button" className="sort-button" onClick={() => sortBy(column.key)}>
                      {column.label}
                      {query.sort === column.key ? (query.descending ? ' ↓' : ' ↑') : ''}
                    </button>
                  </th>
                ))}
                <th scope="col">Over time</th>
                <th scope="col">Your override</th>
                <th scope="col">
                  <span className="visually-hidden">Reset</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <TrustRowEditor
                  key={row.domain}
                  row={row}
                  trend={trend[row.domain] ?? []}
                  onOverride={(domain, override) => void table.setOverride(domain, override)}
                  onReset={(domain) => void table.reset(domain)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.rows !== null && table.rows.length > 0 && rows.length === 0 && <p className="muted">No site matches.</p>}
    </section>
  );
}
