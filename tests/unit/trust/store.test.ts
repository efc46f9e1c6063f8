import { describe, expect, it } from 'vitest';
import type { Verdict } from '@/lib/core/verdict';
import { memoryArea } from '@/lib/storage/area';
import { createTrustStore, type Estimator, MAX_QUESTIONS, trustStore } from '@/lib/trust/store';
import { type EstimationQuestion, IDK, NEUTRAL_TRUST } from '@/lib/trust/types';
import { loadVerdict } from '../helpers/verdicts';

/** A stand-in estimator that records what it was given and returns fixed reliabilities. */
function recordingEstimator(reliability: Record<string, number> = {}) {
  const calls: EstimationQuestion[][] = [];
  const estimate: Estimator = (questions) => {
    calls.push(questions);
    const evidence: Record<string, { answered: number; agreed: number; reviewed: number }> = {};
    for (const question of questions) {
      for (const [domain, answer] of Object.entries(question.responses)) {
        const entry = evidence[domain] ?? { answered: 0, agreed: 0, reviewed: 0 };
        if (answer !== IDK) {
          entry.answered++;
          if (question.label !== undefined) entry.reviewed++;
        }
        evidence[domain] = entry;
      }
    }
    return { reliability, answers: {}, evidence, iterations: 1 };
  };
  return { estimate, calls };
}

const misinformation = loadVerdict('misinformation');
/** The same check on a different question (the same question counts once). */
const asked = (verdict: Verdict, n: number): Verdict => ({
  ...verdict,
  question: `${verdict.question} (variant ${n})`,
});

describe('trust store', () => {
  it('starts every site neutral, with no evidence', async () => {
    const store = createTrustStore(memoryArea(), recordingEstimator().estimate);
    expect((await store.lookup())('anything.org')).toEqual(NEUTRAL_TRUST);
    expect((await store.rows(['new.org']))['new.org']).toMatchObject({ reliability: 0.5, evidence: { answered: 0 } });
  });

  it('records one normalized answer per site, IDK for irrelevant sources, and re-estimates', async () => {
    const { estimate, calls } = recordingEstimator({ 'britannica.com': 0.9 });
    const store = createTrustStore(memoryArea(), estimate);
    await store.recordVerdict(misinformation, 'check-1');
    const question = calls.at(-1)?.[0];
    expect(question?.id).toBe('check-1');
    expect(question?.responses).toMatchObject({
      'britannica.com': 'mary shelley',
      'example.org': IDK,
      'gutenberg.org': 'mary wollstonecraft shelley',
    });
    expect(question?.label).toBeUndefined();
    const trust = (await store.lookup())('www.britannica.com');
    expect(trust.reliability).toBe(0.9);
    expect(trust.evidence).toBe(1);
  });

  it('lets overrides win over the estimate, and reports blocked sites', async () => {
    const store = createTrustStore(memoryArea(), recordingEstimator({ 'example.net': 0.2 }).estimate);
    await store.recordVerdict(misinformation, 'check-1');
    await store.setOverride('example.net', { kind: 'trusted' });
    await store.setOverride('https://www.wikipedia.org/wiki/X', { kind: 'blocked' });
    await store.setOverride('gutenberg.org', { kind: 'custom', weight: 0.35 });
    const lookup = await store.lookup();
    expect(lookup('example.net')).toMatchObject({ reliability: 1, override: 'trusted', blocked: false });
    expect(lookup('wikipedia.org')).toMatchObject({ reliability: 0, override: 'blocked', blocked: true });
    expect(lookup('gutenberg.org').reliability).toBe(0.35);
    await store.setOverride('example.net', null);
    expect((await store.lookup())('example.net').override).toBeNull();
    await expect(store.setOverride('x.org', { kind: 'custom' })).rejects.toThrow(/between 0 and 1/);
  });

  it('turns reviews into labels: A right, both valid, neither', async () => {
    const { estimate, calls } = recordingEstimator();
    const store = createTrustStore(memoryArea(), estimate);
    await store.recordVerdict(misinformation, 'check-1');
    const review = (choice: 'a' | 'both' | 'neither') =>
      store.recordReview({
        checkId: 'check-1',
        verdict: misinformation,
        conflictId: 'c1',
        choice,
        at: new Date().toISOString(),
      });

    await review('a');
    let question = calls.at(-1)?.find((q) => q.id === 'check-1');
    expect(question?.label).toBe('mary shelley');
    expect(question?.acceptedLabels).toEqual(expect.arrayContaining(['mary shelley', 'mary wollstonecraft shelley']));
    expect(question?.acceptedLabels).not.toContain('percy bysshe shelley script alert x script');

    await review('both');
    question = calls.at(-1)?.find((q) => q.id === 'check-1');
    expect(question?.acceptedLabels?.some((answer) => answer.startsWith('percy bysshe shelley'))).toBe(true);

    await review('neither');
    question = calls.at(-1)?.find((q) => q.id === 'check-1');
    expect(question).toMatchObject({ label: '', acceptedLabels: [] });
    // The latest review of a conflict replaces the earlier ones: still one question.
    expect(calls.at(-1)).toHaveLength(1);
  });

  it('rebuilds a reviewed check that is not in the estimation set', async () => {
    const { estimate, calls } = recordingEstimator();
    const store = createTrustStore(memoryArea(), estimate);
    await store.recordReview({
      checkId: 'old',
      verdict: misinformation,
      conflictId: 'c1',
      choice: 'b',
      at: new Date().toISOString(),
    });
    expect(calls.at(-1)?.[0]?.label?.startsWith('percy bysshe shelley')).toBe(true);
    await expect(
      store.recordReview({
        checkId: 'old',
        verdict: misinformation,
        conflictId: 'nope',
        choice: 'a',
        at: new Date().toISOString(),
      }),
    ).rejects.toThrow(/no conflict/);
  });

  it('keeps at most MAX_QUESTIONS, dropping the oldest unreviewed first', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const questions = Array.from({ length: MAX_QUESTIONS }, (_, i) => ({
      id: `check-${i}`,
      at: at(i + 10),
      responses: { 'a.org': 'x' },
      reviews: [],
    }));
    questions[0] = {
      ...questions[0],
      id: 'reviewed-first',
      at: at(0),
      reviews: [{ conflictId: 'c1', choice: 'a', at: at(0), accepted: ['x'], rejected: [] }],
    } as (typeof questions)[number];
    const area = memoryArea({
      trust: { v: 1, value: { questions, overrides: {}, estimate: { reliability: {}, evidence: {} } } },
    });
    const { estimate, calls } = recordingEstimator();
    const store = createTrustStore(area, estimate);
    await store.recordVerdict(misinformation, 'newest');
    const last = calls.at(-1) ?? [];
    expect(last).toHaveLength(MAX_QUESTIONS);
    expect(last.some((q) => q.id === 'reviewed-first')).toBe(true);
    expect(last.some((q) => q.id === 'check-1')).toBe(false);
    expect(last.some((q) => q.id === 'newest')).toBe(true);
  });

  it('serializes concurrent writes: none is lost', async () => {
    const { estimate, calls } = recordingEstimator();
    const store = createTrustStore(memoryArea(), estimate);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 5 === 0
          ? store.setOverride(`site${i}.org`, { kind: 'distrusted' })
          : store.recordVerdict(asked(misinformation, i), `c${i}`),
      ),
    );
    expect(calls.at(-1)).toHaveLength(16);
    expect((await store.table()).filter((row) => row.override?.kind === 'distrusted')).toHaveLength(4);
  });

  it('resets one site or everything', async () => {
    const store = createTrustStore(memoryArea(), recordingEstimator().estimate);
    await store.recordVerdict(misinformation, 'check-1');
    await store.setOverride('example.net', { kind: 'blocked' });
    await store.reset('example.net');
    const domains = (await store.table()).map((row) => row.domain);
    expect(domains).not.toContain('example.net');
    expect(domains).toContain('britannica.com');
    await store.reset();
    expect(await store.table()).toEqual([]);
  });

  it('exports and imports JSON; a bad file changes nothing and says why', async () => {
    const source = createTrustStore(memoryArea(), recordingEstimator().estimate);
    await source.recordVerdict(misinformation, 'check-1');
    await source.setOverride('example.net', { kind: 'distrusted' });
    const json = await source.exportJson();

    const target = createTrustStore(memoryArea(), recordingEstimator().estimate);
    await target.setOverride('mine.org', { kind: 'trusted' });
    expect(await target.importJson(json)).toEqual({ questions: 1, overrides: 1 });
    const merged = await target.table();
    expect(merged.find((row) => row.domain === 'mine.org')?.override?.kind).toBe('trusted');
    expect(merged.find((row) => row.domain === 'example.net')?.override?.kind).toBe('distrusted');

    const before = await target.exportJson(new Date(0));
    await expect(target.importJson('{ not json')).rejects.toThrow(/not JSON\. Nothing was imported/);
    await expect(target.importJson(JSON.stringify({ format: 'other' }))).rejects.toThrow(/Nothing was imported/);
    const broken = JSON.parse(json) as { overrides: Record<string, unknown> };
    broken.overrides['bad.org'] = { kind: 'custom', at: new Date().toISOString() };
    await expect(target.importJson(JSON.stringify(broken))).rejects.toThrow(/custom override needs a weight/);
    expect(await target.exportJson(new Date(0))).toBe(before);

    await target.importJson(json, 'replace');
    expect((await target.table()).some((row) => row.domain === 'mine.org')).toBe(false);
  });

  it('with the RA-RAG estimator: agreement earns trust, and a review outweighs the estimate', async () => {
    const store = trustStore(memoryArea());
    for (let i = 0; i < 4; i++) await store.recordVerdict(asked(misinformation, i), `check-${i}`);
    const earlier = await store.lookup();
    expect(earlier('britannica.com').reliability).toBeGreaterThan(earlier('example.net').reliability);
    expect(earlier('britannica.com').evidence).toBe(4);
    // The person says the lone site was right, on one check: it now beats the majority there.
    await store.recordReview({
      checkId: 'check-0',
      verdict: misinformation,
      conflictId: 'c1',
      choice: 'b',
      at: new Date().toISOString(),
    });
    const later = await store.lookup();
    expect(later('example.net').reliability).toBeGreaterThan(earlier('example.net').reliability);
    expect(later('britannica.com').reliability).toBeLessThan(earlier('britannica.com').reliability);
    expect((await store.rows(['example.net']))['example.net']?.evidence).toMatchObject({ answered: 4, reviewed: 1 });
  });

  it('recovers from a corrupt stored value with a neutral start', async () => {
    const area = memoryArea({ trust: { v: 1, value: { questions: 'broken' } } });
    const store = createTrustStore(area, recordingEstimator().estimate);
    expect(await store.table()).toEqual([]);
    expect(area.dump()['corrupt:trust']).toBeDefined();
  });
});
