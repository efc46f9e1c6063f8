import { useId, useState } from 'react';
import type { SerpCapture } from '@/lib/core/serp-capture';
import { type Method, MethodSchema } from '@/lib/core/verdict';

/** Every method can be run alone, to compare; the composed run is the default. */
const METHODS: { value: Method; label: string }[] = [
  { value: 'auto', label: 'Full check (default)' },
  { value: 'astute', label: 'Astute RAG: consolidate sources and memory' },
  { value: 'madam', label: 'MADAM-RAG: one agent per source, debate' },
  { value: 'concat', label: 'All results in one prompt' },
  { value: 'norag', label: 'The model alone, no sources' },
];

/** The question being checked, where it was asked, and the button that checks it. */
export function PanelHeader({
  capture,
  busy,
  onCheck,
}: {
  capture: SerpCapture;
  busy: boolean;
  onCheck: (method: Method) => void;
}) {
  const [method, setMethod] = useState<Method>('auto');
  const selectId = useId();
  return (
    <header className="panel-header">
      <div className="row spread top">
        <div>
          <h1 className="query" data-testid="query">
            {capture.query}
          </h1>
          <div className="muted small" data-testid="engine">
            {capture.engine} · {capture.results.length} results
          </div>
        </div>
        <div className="row">
          {capture.answerBox && (
            <button type="button" onClick={() => onCheck('claims')} disabled={busy} data-testid="check-claims">
              Check the AI answer
            </button>
          )}
          <button type="button" className="primary" onClick={() => onCheck(method)} disabled={busy} data-testid="check">
            {busy ? 'Checking…' : 'Check'}
          </button>
        </div>
      </div>
      <div className="row method-row">
        <label htmlFor={selectId} className="muted small">
          Method
        </label>
        <select
          id={selectId}
          value={method}
          onChange={(event) => setMethod(MethodSchema.catch('auto').parse(event.currentTarget.value))}
          disabled={busy}
          data-testid="method"
        >
          {METHODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </header>
  );
}
