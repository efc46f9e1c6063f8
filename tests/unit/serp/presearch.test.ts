import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

describe('presearch adapter (SYNTHETIC fixture: no saved Presearch page was available)', () => {
  it('is chosen for Presearch result pages only', () => {
    expect(adapterFor(new URL('https://presearch.com/search?q=x'))?.engine).toBe('presearch');
    expect(adapterFor(new URL('https://presearch.com/'))).toBeUndefined();
  });

  it('reads results by their Alpine bindings and skips the sponsored one', () => {
    const capture = captureFixture('presearch/synthetic-presearch-2025-mount-everest-height.html');
    expect(capture.query).toBe('how tall is mount everest');
    expect(capture.results.map((r) => r.url)).toEqual([
      'https://en.wikipedia.org/wiki/Mount_Everest',
      'https://www.britannica.com/place/Mount-Everest',
      'https://www.nationalgeographic.com/science/article/mount-everest-is-taller-than-we-thought',
    ]);
    // The title alone, not the site name the link also holds.
    expect(capture.results[0]?.title).toBe('Mount Everest - Wikipedia');
    expect(capture.results[0]?.snippet).toContain('8,848.86 m');
    expectWellFormed(capture, /presearch\.(com|io)$/);
  });
});
