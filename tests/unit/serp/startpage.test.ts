import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

describe('startpage adapter', () => {
  it('is chosen for Startpage result pages (GET and POST forms)', () => {
    expect(adapterFor(new URL('https://www.startpage.com/sp/search?query=x'))?.engine).toBe('startpage');
    expect(adapterFor(new URL('https://www.startpage.com/do/search'))?.engine).toBe('startpage');
    expect(adapterFor(new URL('https://www.startpage.com/'))).toBeUndefined();
  });

  it('reads a 2026 page, the query from the search box when the address has none', () => {
    const capture = captureFixture('startpage/startpage-2026-04-javascript-tutorial-browser.html');
    expect(capture.query).toBe('javascript tutorial');
    expect(capture.results).toHaveLength(10);
    expect(capture.results[0]).toMatchObject({
      title: 'JavaScript Tutorial - W3Schools',
      url: 'https://www.w3schools.com/js/',
      domain: 'w3schools.com',
    });
    expect(capture.results[1]?.domain).toBe('javascript.info');
    expect(capture.results[0]?.snippet).toMatch(/^Well organized and easy to understand Web building tutorials/);
    expectWellFormed(capture, /(^|\.)startpage\.com$/);
  });
});
