import { useRef, useState } from 'react';

/**
 * Export to a JSON file, import one (merged, or replacing everything), reset all.
 * A rejected file changes nothing: the store is only written once the whole file is valid.
 */
export function TrustTransfer({
  onExport,
  onImport,
  onResetAll,
}: {
  onExport: () => Promise<string | null>;
  onImport: (json: string, mode: 'merge' | 'replace') => Promise<boolean>;
  onResetAll: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [confirmReset, setConfirmReset] = useState(false);

  const exportFile = async () => {
    const json = await onExport();
    if (json === null) return;
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `site-trust-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    await onImport(await file.text(), mode);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <div className="row wrap" data-testid="trust-transfer">
      <button type="button" className="secondary" onClick={() => void exportFile()} data-testid="export-trust">
        Export JSON
      </button>
      <label className="secondary file-label">
        Import JSON
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          data-testid="import-trust"
          onChange={(event) => void importFile(event.currentTarget.files?.[0])}
        />
      </label>
      <label className="row">
        <input
          type="checkbox"
          checked={mode === 'replace'}
          onChange={(e) => setMode(e.currentTarget.checked ? 'replace' : 'merge')}
        />
        Import replaces everything
      </label>
      {confirmReset ? (
        <span className="row">
          <span>Forget every site’s trust?</span>
          <button
            type="button"
            className="danger"
            data-testid="confirm-reset-all"
            onClick={() => {
              setConfirmReset(false);
              onResetAll();
            }}
          >
            Yes, reset all
          </button>
          <button type="button" className="secondary" onClick={() => setConfirmReset(false)}>
            Keep
          </button>
        </span>
      ) : (
        <button type="button" className="secondary" onClick={() => setConfirmReset(true)} data-testid="reset-all">
          Reset all
        </button>
      )}
    </div>
  );
}
