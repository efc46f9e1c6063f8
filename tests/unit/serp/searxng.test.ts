import { describe, expect, it } from 'vitest';
import { searxng } from '@/lib/serp/engines/searxng';
import { adapterFor, adapterForPage } from '@/lib/serp/registry';
import { serpDocument } from '../helpers/fixtures';
import { captureFixture, expectWellFormed } from './read-fixture';

const FILE = 'searxng/synthetic-searxng-2026-simple-theme-boiling-point.html';

describe('searxng adapter (SYNTHETIC fixture from the simple theme templates)', () => {
  it('is found by page structure on any host, never by address alone', () => {
    const url = new URL('https://searx.example.org/search');
    expect(adapterFor(url)).toBeUndefined();
    expect(adapterForPage(url, serpDocument(FILE))?.engine).toBe('searxng');
    expect(adapterForPage(url, serpDocument('google/google-2025-10-rendered-react-github.html'))).toBeUndefined();
    expect(searxng.read(serpDocument('kagi/kagi-2025-07-steve-jobs.html'), url)).toBeNull();
  });

  it('reads a POSTed results page: the query from the box, results, and the answer', () => {
    const capture = captureFixture(FILE);
    expect(capture.query).toBe('boiling point of water at altitude');
    expect(capture.results).toHaveLength(4);
    expect(capture.results[0]).toMatchObject({
      title: 'High-altitude cooking - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/High-altitude_cooking',
      domain: 'wikipedia.org',
    });
    expect(capture.results[3]?.domain).toBe('usgs.gov');
    expect(capture.results[0]?.snippet).toMatch(/^High-altitude cooking is cooking done at altitudes/);
    expect(capture.answerBox).toEqual({
      kind: 'instant-answer',
      text: 'Water boils at about 93.4 °C at 2,000 m above sea level.',
      sourceUrls: ['https://www.engineeringtoolbox.com/boiling-points-water-altitude-d_1344.html'],
    });
    expectWellFormed(capture, /^searx\.example\.org$/);
  });
});
