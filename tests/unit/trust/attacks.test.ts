import { describe, expect, it } from 'vitest';
import { toCapture } from '@/lib/serp/capture';
import { memoryArea } from '@/lib/storage/area';
import { priorLowerBound, priorOf } from '@/lib/trust/prior';
import { TRUST_EXPORT_FORMAT } from '@/lib/trust/state';
import { MAX_IMPORT_CHARS, trustStore } from '@/lib/trust/store';
import { verdictOfAnswers as verdictOf } from '../helpers/verdicts';

const COLLUDERS = ['facts-now.example', 'true-answers.example', 'real-news-daily.example'];

describe('trust a hostile page cannot steer', () => {
  it('finding 4: three colluding new domains over 40 pages leave a rated site above its prior lower bound, colluders below neutral', async () => {
    const lower = priorLowerBound(priorOf('wikipedia.org'));
    for (const seenOn of ['custom', 'engine'] as const) {
      const store = trustStore(memoryArea());
      for (let page = 1; page <= 40; page++) {
        const answers: Record<string, string> = { 'wikipedia.org': `${1800 + page}` };
        for (const colluder of COLLUDERS) answers[colluder] = `${2100 + page}`;
        await store.recordVerdict(verdictOf(`When did event ${page} happen?`, answers), `attack-${page}`, seenOn);
      }
      const lookup = await store.lookup();
      expect(lookup('wikipedia.org').reliability).toBeGreaterThan(lower);
      for (const colluder of COLLUDERS) expect(lookup(colluder).reliability).toBeLessThan(0.5);
    }
  });

  it('finding 4: colluders that first agree among themselves on a search instance still cannot outvote a rated site', async () => {
    const store = trustStore(memoryArea());
    for (let page = 0; page < 10; page++) {
      const answers = Object.fromEntries(COLLUDERS.map((domain) => [domain, `${1700 + page}`]));
      await store.recordVerdict(verdictOf(`Obscure event ${page}?`, answers), `own-${page}`, 'custom');
    }
    for (let page = 1; page <= 40; page++) {
      const answers: Record<string, string> = { 'britannica.com': `${1800 + page}` };
      for (const colluder of COLLUDERS) answers[colluder] = `${2100 + page}`;
      await store.recordVerdict(verdictOf(`Contested event ${page}?`, answers), `attack-${page}`, 'custom');
    }
    const lookup = await store.lookup();
    expect(lookup('britannica.com').reliability).toBeGreaterThan(priorLowerBound(priorOf('britannica.com')));
    for (const colluder of COLLUDERS) expect(lookup(colluder).reliability).toBeLessThan(0.5);
  });

  it('finding 1: the same question checked again (reworded case, spacing, zero-width characters) counts once', async () => {
    const store = trustStore(memoryArea());
    const variants = ['Who wrote Frankenstein?', 'who  wrote frankenstein', 'Who wrote Frank\u200benstein?'];
    for (let i = 0; i < 12; i++) {
      const question = variants[i % variants.length] ?? '';
      await store.recordVerdict(verdictOf(question, { 'made-up.example': 'x', 'other.example': 'x' }), `c${i}`);
    }
    expect((await store.lookup())('made-up.example').evidence).toBe(1);
  });

  it('finding 1/4: one results page moves a site at most one step, whatever its number of results', async () => {
    const store = trustStore(memoryArea());
    const sources = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [i % 2 ? 'wikipedia.org' : `spam${i}.example`, `${i % 2 ? 1963 : 1998}`]),
    );
    await store.recordVerdict(verdictOf('When?', sources), 'one-page');
    expect((await store.lookup())('wikipedia.org').evidence).toBe(1);
  });

  it('starts every site from its published rating, or neutral when unrated, and says which', async () => {
    const store = trustStore(memoryArea());
    const rows = await store.rows(['https://en.wikipedia.org/wiki/X', 'infowars.com', 'never-rated.example']);
    expect(rows['wikipedia.org']).toMatchObject({ rating: 0.83, evidence: { answered: 0 } });
    expect(rows['wikipedia.org']?.reliability).toBeCloseTo(0.83, 2);
    expect(rows['infowars.com']?.reliability ?? 1).toBeLessThan(0.1);
    expect(rows['never-rated.example']).toMatchObject({ rating: null, reliability: 0.5 });
    expect((await store.lookup())('www.reuters.com')).toMatchObject({ rating: 1, evidence: 0 });
  });

  it('finding 5: sites under a private public suffix (github.io, blogspot.com, vercel.app, pages.dev) are separate sites', async () => {
    const capture = toCapture(
      'google',
      {
        query: 'q',
        results: ['alice.github.io', 'bob.github.io', 'a.blogspot.com', 'x.vercel.app', 'y.pages.dev'].map((host) => ({
          title: host,
          url: `https://${host}/post`,
          snippet: '',
        })),
      },
      new URL('https://www.google.com/search?q=q'),
    );
    expect(capture.results.map((result) => result.domain)).toEqual([
      'alice.github.io',
      'bob.github.io',
      'a.blogspot.com',
      'x.vercel.app',
      'y.pages.dev',
    ]);
    const store = trustStore(memoryArea());
    await store.setOverride('https://alice.github.io/', { kind: 'blocked' });
    const lookup = await store.lookup();
    expect(lookup('alice.github.io').blocked).toBe(true);
    expect(lookup('bob.github.io').blocked).toBe(false);
  });

  it('finding 8: import normalises keys, refuses oversized files, and keys like toString/valueOf are ordinary sites', async () => {
    const store = trustStore(memoryArea());
    const at = '2026-01-01T00:00:00.000Z';
    const file = {
      format: TRUST_EXPORT_FORMAT,
      version: 1,
      exportedAt: at,
      questions: [{ id: 'q1', at, responses: { 'WWW.Wikipedia.ORG': 'Paris', toString: 'Paris' }, reviews: [] }],
      overrides: {
        'WWW.Britannica.COM': { kind: 'blocked', at },
        valueOf: { kind: 'trusted', at },
        __proto__: { kind: 'blocked', at },
      },
    };
    await store.importJson(JSON.stringify(file).replace('"__proto__"', '"__proto__"'));
    const lookup = await store.lookup();
    expect(lookup('britannica.com').blocked).toBe(true);
    expect(lookup('wikipedia.org').evidence).toBe(1);
    expect(lookup('valueof').override).toBe('trusted');
    expect(lookup('hasownproperty')).toMatchObject({ override: null, evidence: 0, reliability: 0.5 });
    const table = await store.table();
    expect(table.map((row) => row.domain).sort()).toEqual(['britannica.com', 'tostring', 'valueof', 'wikipedia.org']);
    for (const row of table) expect(typeof row.reliability).toBe('number');
    await expect(store.importJson(' '.repeat(MAX_IMPORT_CHARS + 1))).rejects.toThrow(/larger than/);
  });

  it('finding 8: a large import with many distinct answers per question is not quadratic (0.8 MB, then a check)', async () => {
    const store = trustStore(memoryArea());
    const at = '2026-01-01T00:00:00.000Z';
    // 500 questions × 100 sites, every answer distinct but sharing words (each pair must be compared).
    const questions = Array.from({ length: 500 }, (_, q) => ({
      id: `q${q}`,
      at,
      responses: Object.fromEntries(Array.from({ length: 100 }, (_, s) => [`s${s}.example`, `answer word ${q} ${s}`])),
      reviews: [],
    }));
    const text = JSON.stringify({ format: TRUST_EXPORT_FORMAT, version: 1, exportedAt: at, questions, overrides: {} });
    expect(text.length).toBeGreaterThan(800_000);
    const started = performance.now();
    await store.importJson(text);
    await store.recordVerdict(verdictOf('A new question', { 's1.example': 'x', 's2.example': 'x' }), 'after');
    // The old clustering compared every pair in every question (2.5 M comparisons, tens of seconds).
    expect(performance.now() - started).toBeLessThan(8_000);
    const tooMany = {
      format: TRUST_EXPORT_FORMAT,
      version: 1,
      exportedAt: at,
      questions: [
        { id: 'q', at, responses: Object.fromEntries(Array.from({ length: 5_000 }, (_, s) => [`s${s}.org`, 'x'])) },
      ],
      overrides: {},
    };
    await expect(store.importJson(JSON.stringify(tooMany))).rejects.toThrow(/at most 100 sites/);
  });
});
