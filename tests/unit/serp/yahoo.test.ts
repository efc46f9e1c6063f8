import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

const YAHOO = /(^|\.)yahoo\.(com|co\.jp)$/;

describe('yahoo adapter', () => {
  it('is chosen for Yahoo result pages, regional and Japanese ones included', () => {
    expect(adapterFor(new URL('https://search.yahoo.com/search?p=x'))?.engine).toBe('yahoo');
    expect(adapterFor(new URL('https://uk.search.yahoo.com/search?p=x'))?.engine).toBe('yahoo');
    expect(adapterFor(new URL('https://search.yahoo.co.jp/search?p=x'))?.engine).toBe('yahoo');
    expect(adapterFor(new URL('https://www.yahoo.com/'))).toBeUndefined();
  });

  it('reads a 2026 page with the title alone (not the display URL the link also wraps)', () => {
    const capture = captureFixture('yahoo/yahoo-2026-04-javascript-tutorial.html');
    expect(capture.query).toBe('javascript tutorial');
    expect(capture.results).toHaveLength(7);
    expect(capture.results[0]).toMatchObject({
      title: 'JavaScript Tutorial - W3Schools',
      url: 'https://www.w3schools.com/Js/',
      domain: 'w3schools.com',
    });
    expect(capture.results[2]?.snippet).toMatch(/^Mar 13, 2026 · JavaScript provides a versatile set/);
    expectWellFormed(capture, YAHOO);
  });

  it('unwraps the r.search.yahoo.com/.../RU=<target>/ redirect', () => {
    const capture = captureFixture('yahoo/yahoo-2026-07-FRAGMENT-react-github.html');
    expect(capture.results).toEqual([
      expect.objectContaining({
        url: 'https://github.com/react/react',
        domain: 'github.com',
        title: 'GitHub - react/react: The library for web and native user ...',
        // Inline <b> marks join their words; only blocks get a separator.
        snippet:
          'The library for web and native user interfaces. Contribute to react/react development by creating an account on GitHub.',
      }),
    ]);
  });
});
