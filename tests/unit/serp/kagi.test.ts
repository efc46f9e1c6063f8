import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

describe('kagi adapter', () => {
  it('is chosen for Kagi result pages only', () => {
    expect(adapterFor(new URL('https://kagi.com/search?q=x'))?.engine).toBe('kagi');
    expect(adapterFor(new URL('https://kagi.com/settings'))).toBeUndefined();
  });

  it('reads single and grouped results in page order', () => {
    const capture = captureFixture('kagi/kagi-2025-07-steve-jobs.html');
    expect(capture.query).toBe('steve jobs');
    expect(capture.results).toHaveLength(44);
    expect(capture.results.slice(0, 3).map((r) => r.url)).toEqual([
      'https://en.wikipedia.org/wiki/Steve_Jobs',
      'https://en.wikipedia.org/wiki/Steve_Jobs_(film)',
      'https://www.britannica.com/money/Steve-Jobs',
    ]);
    expect(capture.results[0]?.snippet).toMatch(/^Steven Paul Jobs \(February 24, 1955 – October 5, 2011\)/);
    expectWellFormed(capture, /(^|\.)kagi\.com$/);
  });
});
