import type { CheckRecord } from '@/lib/history/entry';
import { openClaims, openConflicts } from '@/lib/history/entry';
import { formatDate } from '@/lib/ui/format';
import { outcomeLine } from '@/lib/ui/words';

/** Past checks as a list of buttons that reopen them. */
export function CheckList({ records, onOpen }: { records: readonly CheckRecord[]; onOpen: (id: string) => void }) {
  return (
    <ol className="check-list">
      {records.map((record) => {
        const open = openConflicts(record).length;
        const claims = openClaims(record).length;
        const waiting = [
          open > 0 ? `${open} conflict${open === 1 ? '' : 's'}` : '',
          claims > 0 ? `${claims} claim${claims === 1 ? '' : 's'} of the engine’s answer` : '',
        ].filter(Boolean);
        return (
          <li key={record.id}>
            <button type="button" className="check-item" onClick={() => onOpen(record.id)} data-testid="history-item">
              <span className="check-question">{record.question}</span>
              <span className="check-answer">{outcomeLine(record.verdict)}</span>
              <span className="muted small">
                {record.engine} · {formatDate(record.capturedAt)}
                {waiting.length > 0 && ` · ${waiting.join(' and ')} to review`}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
