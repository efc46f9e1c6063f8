import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

describe('ecosia adapter', () => {
  it('is chosen for Ecosia result pages only', () => {
    expect(adapterFor(new URL('https://www.ecosia.org/search?q=x'))?.engine).toBe('ecosia');
    expect(adapterFor(new URL('https://www.ecosia.org/images?q=x'))).toBeUndefined();
  });

  it('reads a 2026 page by its data-test-id attributes', () => {
    const capture = captureFixture('ecosia/ecosia-2026-04-javascript-tutorial.html');
    expect(capture.query).toBe('javascript tutorial');
    expect(capture.results).toHaveLength(10);
    expect(capture.results.slice(0, 3).map((r) => r.domain)).toEqual([
      'w3schools.com',
      'javascript.info',
      'javascripttutorial.net',
    ]);
    expect(capture.results[3]?.url).toBe('https://id.javascript.info/');
    expect(capture.results[1]?.snippet).toMatch(/^Here we learn JavaScript, starting from scratch/);
    expectWellFormed(capture, /(^|\.)ecosia\.org$/);
  });
});
