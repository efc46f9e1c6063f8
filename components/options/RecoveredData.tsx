import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { localArea } from '@/lib/storage/browser-areas';
import { discardRecovered, listRecovered, type RecoveredValue, recoveredExport } from '@/lib/storage/recovered';
import { corruptKey } from '@/lib/storage/versioned-item';

/** Items whose stored values can be recovered (settings, keys, site trust). */
const ITEMS = ['settings', 'apiKeys', 'trust'];

function download(value: RecoveredValue) {
  const url = URL.createObjectURL(new Blob([recoveredExport(value)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `factcheck-recovered-${value.key}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Shown only when a stored value could not be read: it was reset to defaults, and the
 * old value is kept here until the person downloads or discards it.
 */
export function RecoveredData() {
  const [values, setValues] = useState<RecoveredValue[]>([]);
  const refresh = useCallback(() => void listRecovered(localArea, ITEMS).then(setValues), []);
  useEffect(() => {
    refresh();
    // A value may be found unreadable after this page opened (by this page's own first read, or by the engine).
    const corruptKeys = new Set(ITEMS.map(corruptKey));
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((key) => corruptKeys.has(key))) refresh();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, [refresh]);
  if (values.length === 0) return null;
  return (
    <section aria-labelledby="recovered-heading" className="recovered" data-testid="recovered">
      <h2 id="recovered-heading">Recovered data</h2>
      <p>Some saved data could not be read and was reset to defaults. The old data is kept here so nothing is lost.</p>
      <ul>
        {values.map((value) => (
          <li key={value.storageKey} data-testid="recovered-item">
            <strong>{value.key}</strong> <span className="muted">({new Date(value.at).toLocaleString()})</span>
            <div className="muted">{value.reason.slice(0, 300)}</div>
            <button type="button" onClick={() => download(value)}>
              Download
            </button>{' '}
            <button type="button" onClick={() => void discardRecovered(localArea, value.key).then(refresh)}>
              Discard
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
