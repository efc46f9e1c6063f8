import { describe, expect, it } from 'vitest';
import { FactCheckError } from '@/lib/core/errors';
import { captureWith } from '@/lib/serp/capture';
import { bing } from '@/lib/serp/engines/bing';
import { PageBlockedError } from '@/lib/serp/page-blocked';
import { adapterFor } from '@/lib/serp/registry';
import { serpDocument } from '../helpers/fixtures';
import { captureFixture, expectWellFormed, urlOf } from './read-fixture';

const BING = /(^|\.)bing\.com$/;

describe('bing adapter', () => {
  it('is chosen for Bing result pages only', () => {
    expect(adapterFor(new URL('https://www.bing.com/search?q=x'))?.engine).toBe('bing');
    expect(adapterFor(new URL('https://cn.bing.com/search?q=x'))?.engine).toBe('bing');
    expect(adapterFor(new URL('https://www.bing.com/images/search?q=x'))).toBeUndefined();
  });

  it('unwraps the /ck/a?...&u=a1<base64url> redirect of every 2026 result', () => {
    const capture = captureFixture('bing/bing-2026-04-javascript-tutorial.html');
    expect(capture.query).toBe('javascript tutorial');
    expect(capture.results).toHaveLength(10);
    expect(capture.results.slice(0, 3).map((r) => r.url)).toEqual([
      'https://www.w3schools.com/Js/',
      'https://www.w3schools.com/',
      'https://www.w3schools.com/js/js_intro.asp',
    ]);
    expect(capture.results[0]).toMatchObject({ title: 'JavaScript Tutorial - W3Schools', domain: 'w3schools.com' });
    expect(capture.results[0]?.snippet).toMatch(/^Learn JavaScript The Programming Language of the Web/);
    expectWellFormed(capture, BING);
  });

  it('skips ads and answer blocks on the 2021 page and reads the entity pane as a knowledge panel', () => {
    const capture = captureFixture('bing/bing-2021-01-nojs-coffee-answers-LEGACY.html');
    expect(capture.results.map((r) => r.domain)).toEqual([
      'wordreference.com',
      'wikipedia.org',
      'medicalnewstoday.com',
      'timeout.com',
    ]);
    expect(capture.results[2]?.snippet).toContain('Coffee contains a number of useful nutrients');
    expect(capture.answerBox).toMatchObject({
      kind: 'knowledge-panel',
      sourceUrls: ['http://en.wikipedia.org/wiki/Coffee'],
    });
    // The full description, not the visible one cut with an ellipsis.
    expect(capture.answerBox?.text).toMatch(/^Coffee is a brewed drink .* known as coffee\./);
  });

  it('reports the Turnstile bot check plainly instead of reading garbage', () => {
    const file = 'bing/bing-2026-04-turnstile-challenge-NO-RESULTS.html';
    expect(() => bing.read(serpDocument(file), urlOf(file))).toThrow(PageBlockedError);
    expect(() => captureWith(bing, serpDocument(file), urlOf(file))).toThrow(FactCheckError);
    expect(() => captureWith(bing, serpDocument(file), urlOf(file))).toThrow(/bot check/);
  });
});
