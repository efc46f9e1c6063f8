import { describe, expect, it } from 'vitest';
import { duckduckgo } from '@/lib/serp/engines/duckduckgo';
import { PageBlockedError } from '@/lib/serp/page-blocked';
import { adapterFor } from '@/lib/serp/registry';
import { serpDocument } from '../helpers/fixtures';
import { captureFixture, expectWellFormed, urlOf } from './read-fixture';

const DDG = /(^|\.)duckduckgo\.com$/;

describe('duckduckgo adapter', () => {
  it('is chosen for the JS, html and lite result pages, not the home page', () => {
    expect(adapterFor(new URL('https://duckduckgo.com/?q=x&ia=web'))?.engine).toBe('duckduckgo');
    expect(adapterFor(new URL('https://html.duckduckgo.com/html/?q=x'))?.engine).toBe('duckduckgo');
    expect(adapterFor(new URL('https://lite.duckduckgo.com/lite/?q=x'))?.engine).toBe('duckduckgo');
    expect(adapterFor(new URL('https://duckduckgo.com/'))).toBeUndefined();
  });

  it('unwraps /l/?uddg= links on html.duckduckgo.com', () => {
    const capture = captureFixture('duckduckgo/ddg-html-2026-07-caffeine-sleep.html');
    expect(capture.query).toBe('does caffeine affect sleep');
    expect(capture.results).toHaveLength(9);
    expect(capture.results[0]).toMatchObject({
      title: 'Caffeine and Sleep Problems',
      url: 'https://www.sleepfoundation.org/nutrition/caffeine-and-sleep',
      domain: 'sleepfoundation.org',
    });
    expect(capture.results[1]?.domain).toBe('stanford.edu');
    expect(capture.results[0]?.snippet).toMatch(/^Drinking caffeine too close to bedtime can keep you awake/);
    expectWellFormed(capture, DDG);
  });

  it('reads the query from the search box of a POSTed page and the zero-click answer', () => {
    const capture = captureFixture('duckduckgo/ddg-html-2026-04-rust-zeroclick.html');
    expect(capture.query).toBe('rust programming language');
    expect(capture.results).toHaveLength(10);
    expect(capture.results[0]).toMatchObject({ url: 'https://rust-lang.org/', domain: 'rust-lang.org' });
    expect(capture.answerBox).toMatchObject({
      kind: 'instant-answer',
      sourceUrls: ['https://en.wikipedia.org/wiki/Rust_(programming_language)'],
    });
    expect(capture.answerBox?.text).toMatch(/^Rust is a general-purpose programming language/);
  });

  it('skips the ads of the pre-2023 JS page', () => {
    const capture = captureFixture('duckduckgo/ddg-js-2019-09-saved-page-LEGACY.html');
    expect(capture.results).toHaveLength(10);
    expect(capture.results[0]?.domain).toBe('pcmag.com');
    expect(capture.results[0]?.snippet).toContain('Why waste valuable storage space');
    expectWellFormed(capture, DDG);
  });

  it('reads the React page (SYNTHETIC fixture) and skips its ad', () => {
    const capture = captureFixture('duckduckgo/synthetic-ddg-js-2026-react-everest.html');
    expect(capture.results.map((r) => r.domain)).toEqual(['wikipedia.org', 'britannica.com', 'nationalgeographic.com']);
    expect(capture.results[0]?.snippet).toBe(
      "3 days ago Mount Everest is Earth's highest mountain above sea level. Its elevation of 8,848.86 m (29,031 ft) was most recently established in 2020.",
    );
    expect(capture.answerBox?.kind).toBe('instant-answer');
  });

  it('reports the lite bot check plainly', () => {
    const file = 'duckduckgo/ddg-lite-2026-07-anomaly-challenge-NO-RESULTS.html';
    expect(() => duckduckgo.read(serpDocument(file), urlOf(file))).toThrow(PageBlockedError);
  });

  it('reads lite.duckduckgo.com tables (SYNTHETIC markup, the only saved lite page is a bot check)', async () => {
    const { parseHTML } = await import('linkedom');
    const html = `<table><tr><td>1.</td><td><a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2Fa" class="result-link">Example A title</a></td></tr>
      <tr><td></td><td class="result-snippet">Snippet of A.</td></tr>
      <tr><td>2.</td><td><a rel="nofollow" href="https://example.net/b" class="result-link">Example B title</a></td></tr>
      <tr><td></td><td class="result-snippet">Snippet of B.</td></tr></table>`;
    const doc = parseHTML(`<html><body>${html}</body></html>`).document as unknown as Document;
    const reading = duckduckgo.read(doc, new URL('https://lite.duckduckgo.com/lite/?q=example'));
    expect(reading?.results.map(({ url, snippet }) => ({ url, snippet }))).toEqual([
      { url: 'https://example.org/a', snippet: 'Snippet of A.' },
      { url: 'https://example.net/b', snippet: 'Snippet of B.' },
    ]);
  });
});
