import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/core/run-event';
import { appendEvent, interrupted, newSnapshot } from '@/lib/runs/snapshot';

const base = { runId: 'run-1', at: 1 };

describe('run snapshot', () => {
  it('merges consecutive tokens of one stage and keeps only the latest progress', () => {
    const events: RunEvent[] = [
      { ...base, type: 'token', stage: 'fast-answer', text: 'Par' },
      { ...base, type: 'token', stage: 'fast-answer', text: 'is' },
      { ...base, type: 'model-progress', progress: 0.1, text: 'a' },
      { ...base, type: 'model-progress', progress: 0.9, text: 'b' },
      { ...base, type: 'token', stage: 'debate', text: 'x' },
    ];
    const snapshot = events.reduce(appendEvent, newSnapshot('run-1', 7));
    expect(snapshot.events).toEqual([
      { ...base, type: 'token', stage: 'fast-answer', text: 'Paris' },
      { ...base, type: 'model-progress', progress: 0.9, text: 'b' },
      { ...base, type: 'token', stage: 'debate', text: 'x' },
    ]);
    expect(snapshot.status).toBe('running');
  });

  it('ends failed, cancelled or done by the closing event', () => {
    const start = newSnapshot('run-1', 7);
    const error = (code: 'cancelled' | 'timeout'): RunEvent => ({
      ...base,
      type: 'error',
      error: { code, message: 'm', retryable: false },
    });
    expect(appendEvent(start, error('cancelled')).status).toBe('cancelled');
    expect(appendEvent(start, error('timeout')).status).toBe('failed');
  });

  it('marks a run cut off by a worker stop as visibly failed, and leaves finished runs alone', () => {
    const cut = interrupted(newSnapshot('run-1', 7), 5);
    expect(cut.status).toBe('failed');
    expect(cut.events.at(-1)).toMatchObject({ type: 'error', error: { retryable: true } });
    expect(interrupted(cut, 6)).toBe(cut);
  });
});
