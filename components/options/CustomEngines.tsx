import { useState } from 'react';
import { browser } from 'wxt/browser';
import type { CustomEngine, Settings } from '@/lib/core/settings';
import { hostPattern } from '@/lib/serp/match-pattern';
import { ADAPTERS } from '@/lib/serp/registry';

/**
 * Search instances the built-in list does not know (a SearXNG instance, a mirror): the person names
 * the host, the browser asks for access to it, and the background registers the results reader there.
 */
export function CustomEngines({
  engines,
  onChange,
}: {
  engines: readonly CustomEngine[];
  onChange: (change: (current: Settings) => Settings) => Promise<void>;
}) {
  const [engine, setEngine] = useState('searxng');
  const [host, setHost] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const add = () => {
    const pattern = hostPattern(host);
    if (!pattern) {
      setMessage('Enter one host, such as search.example.org or https://search.example.org/.');
      return;
    }
    // Asked inside the click itself: browsers grant host access only in answer to a gesture.
    browser.permissions
      .request({ origins: [pattern] })
      .then(async (granted) => {
        if (!granted) {
          setMessage(`Access to ${pattern} was not granted, so results there cannot be read.`);
          return;
        }
        await onChange((s) => ({
          ...s,
          customEngines: [...s.customEngines.filter((entry) => entry.pattern !== pattern), { engine, pattern }],
        }));
        setHost('');
        setMessage(`Added: results on ${pattern} are read as ${labelOf(engine)}. Reload open pages there.`);
      })
      .catch((error: unknown) => setMessage(`Could not ask for access: ${String(error)}`));
  };

  const remove = (pattern: string) => {
    void onChange((s) => ({ ...s, customEngines: s.customEngines.filter((entry) => entry.pattern !== pattern) }));
    // Access is only kept while an engine needs it.
    browser.permissions.remove({ origins: [pattern] }).catch(() => undefined);
  };

  return (
    <fieldset data-testid="custom-engines">
      <legend>Your own search instances</legend>
      {engines.length === 0 ? (
        <p className="muted small">None yet. Add the host of a SearXNG instance, or of another engine's mirror.</p>
      ) : (
        <ul>
          {engines.map((entry) => (
            <li key={entry.pattern} className="row">
              <code>{entry.pattern}</code> read as {labelOf(entry.engine)}
              <button type="button" onClick={() => remove(entry.pattern)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <label>
          Engine{' '}
          <select value={engine} onChange={(event) => setEngine(event.currentTarget.value)}>
            {ADAPTERS.map((adapter) => (
              <option key={adapter.engine} value={adapter.engine}>
                {adapter.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Host{' '}
          <input
            type="text"
            value={host}
            placeholder="search.example.org"
            onChange={(event) => setHost(event.currentTarget.value)}
          />
        </label>
        <button type="button" onClick={add}>
          Add
        </button>
      </div>
      {message && (
        <p className="muted small" role="status">
          {message}
        </p>
      )}
    </fieldset>
  );
}

function labelOf(engine: string): string {
  return ADAPTERS.find((adapter) => adapter.engine === engine)?.label ?? engine;
}
