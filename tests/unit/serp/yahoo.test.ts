import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { yahoo } from '@/lib/serp/engines/yahoo';
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

  it('keeps Yahoo Answers results and leaves out its shortcuts and vertical strips, and keeps Answers when its markup drifts', () => {
    const ru = (target: string) =>
      `https://r.search.yahoo.com/_ylt=x;_ylu=y/RV=2/RE=1/RO=10/RU=${encodeURIComponent(target)}/RK=2/RS=z-`;
    const { document } = parseHTML(`<html><body><div id="web"><ol>
      <li><div class="dd sc"><h3 class="title"><a href="http://finance.yahoo.com/q?s=LM">LM - Legg Mason Inc. (NYSE)</a></h3></div></li>
      <li><div class="dd algo"><div class="compTitle"><h3 class="title"><a href="${ru('https://answers.yahoo.com/question/index?qid=1')}">Why is the sky blue? - Yahoo Answers</a></h3></div>
        <div class="compText"><p>Because air scatters short wavelengths of sunlight more than long ones.</p></div></div></li>
      <li><div class="dd algo"><div class="compTitle"><h3 class="title"><a href="http://video.search.yahoo.com/search/video?p=sky">Sky blue videos on Yahoo</a></h3></div>
        <div class="compText"><p>Watch videos about why the sky is blue, from many sources.</p></div></div></li>
      <li><div class="dd algo"><div class="compTitle"><h3 class="title"><a href="${ru('https://example.org/sky')}">The blue sky explained simply</a></h3></div>
        <div class="compText"><p>Rayleigh scattering makes the daytime sky look blue to us.</p></div></div></li>
    </ol></div></body></html>`);
    const page = new URL('https://search.yahoo.com/search?p=why+is+the+sky+blue');
    const known = yahoo.read(document as unknown as Document, page)?.results.map((r) => r.url);
    expect(known).toEqual(['https://answers.yahoo.com/question/index?qid=1', 'https://example.org/sky']);
    // By structure alone the shortcut is one more titled link; Answers stays and the vertical search goes.
    const byStructure = yahoo
      .read(document as unknown as Document, page, { selectors: false })
      ?.results.map((r) => r.url);
    expect(byStructure).toContain('https://answers.yahoo.com/question/index?qid=1');
    expect(byStructure?.some((url) => url.includes('search.yahoo.com'))).toBe(false);
  });
});
