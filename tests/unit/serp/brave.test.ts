import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

const BRAVE = /(^|\.)brave\.com$/;

describe('brave adapter', () => {
  it('is chosen for Brave Search result pages only', () => {
    expect(adapterFor(new URL('https://search.brave.com/search?q=x'))?.engine).toBe('brave');
    expect(adapterFor(new URL('https://search.brave.com/images?q=x'))).toBeUndefined();
  });

  it('reads the 20 web results of a 2026 page without the hashed Svelte classes', () => {
    const capture = captureFixture('brave/brave-2026-04-javascript-tutorial.html');
    expect(capture.query).toBe('javascript tutorial');
    expect(capture.results).toHaveLength(20);
    expect(capture.results.slice(0, 3).map((r) => r.url)).toEqual([
      'https://www.w3schools.com/js/',
      'https://javascript.info/',
      'https://www.javascripttutorial.net/',
    ]);
    expect(capture.results[0]).toMatchObject({ title: 'JavaScript Tutorial', domain: 'w3schools.com' });
    // The date stays, separated from the sentence.
    expect(capture.results[2]?.snippet).toMatch(/^December 13, 2024 - Welcome to the JavaScriptTutorial\.net website!/);
    expectWellFormed(capture, BRAVE);
  });

  it('reads the 2022 markup and its infobox', () => {
    const capture = captureFixture('brave/brave-2022-11-openoffice-LEGACY.html');
    expect(capture.results).toHaveLength(17);
    expect(capture.results[0]).toMatchObject({ url: 'http://www.openoffice.org/', domain: 'openoffice.org' });
    expect(capture.results[0]?.snippet).toMatch(/^February 9, 2022 - The official home page of the Apache OpenOffice/);
    expect(capture.answerBox).toMatchObject({
      kind: 'knowledge-panel',
      sourceUrls: ['https://en.wikipedia.org/wiki/OpenOffice.org'],
    });
    expect(capture.answerBox?.text).toMatch(/^OpenOffice\.org \(OOo\), commonly known as OpenOffice/);
    expectWellFormed(capture, BRAVE);
  });

  it('reads a single 2026 result saved on its own', () => {
    const capture = captureFixture('brave/brave-2026-07-FRAGMENT-react-github.html');
    expect(capture.results).toHaveLength(1);
    expect(capture.results[0]).toMatchObject({ url: 'https://github.com/react/react', domain: 'github.com' });
    expect(capture.results[0]?.snippet).toMatch(/^1 month ago - The library for web and native user interfaces/);
  });
});
