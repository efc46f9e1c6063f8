import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { google } from '@/lib/serp/engines/google';
import { adapterFor } from '@/lib/serp/registry';
import { serpDocument } from '../helpers/fixtures';
import { captureFixture, expectWellFormed } from './read-fixture';

const url = (q: string, host = 'www.google.com') => new URL(`https://${host}/search?q=${encodeURIComponent(q)}`);
/** The search host itself; help pages such as support.google.com can be real results. */
const GOOGLE = /^(www\.)?google\.[a-z.]+$/;

describe('google adapter', () => {
  it('is chosen for Google result pages on every country domain, and only those', () => {
    expect(adapterFor(url('x'))?.engine).toBe('google');
    for (const host of ['www.google.co.uk', 'www.google.de', 'www.google.com.br', 'www.google.co.jp', 'google.fr']) {
      expect(adapterFor(url('x', host))?.engine).toBe('google');
    }
    expect(adapterFor(new URL('https://www.google.com/'))).toBeUndefined();
    expect(adapterFor(new URL('https://www.google.com.evil.example/search?q=x'))).toBeUndefined();
    expect(adapterFor(new URL('https://www.google.notatld/search?q=x'))).toBeUndefined();
  });

  it('registers one match pattern per Google search domain, since a pattern cannot wildcard a TLD', () => {
    expect(google.matchPatterns).toContain('https://www.google.co.uk/search*');
    expect(google.matchPatterns).toContain('https://www.google.com.au/search*');
    expect(google.matchPatterns.length).toBeGreaterThan(150);
    for (const pattern of google.matchPatterns) expect(pattern).toMatch(/^https:\/\/www\.google\.[a-z.]+\/search\*$/);
  });

  it('reads a 2025 page in rank order with real destinations, domains, snippets and the AI Overview', () => {
    const capture = captureFixture('google/google-2025-02-ai-overview-cancer-deaths.html');
    expect(capture.query).toBe('cancer deaths per year in the usa');
    expect(capture.extraction).toBe('selectors');
    expect(capture.results).toHaveLength(10);
    expect(capture.results[0]).toMatchObject({
      id: 'r1',
      title: 'Cancer Facts & Figures 2021',
      domain: 'cancer.org',
      url: 'https://www.cancer.org/research/cancer-facts-statistics/all-cancer-facts-figures/cancer-facts-figures-2021.html',
    });
    expect(capture.results.slice(1, 3).map((r) => r.domain)).toEqual(['cdc.gov', 'cancer.gov']);
    expect(capture.results[0]?.snippet).toContain('608,570 cancer deaths');
    expect(capture.answerBox?.kind).toBe('ai-overview');
    expect(capture.answerBox?.text).toMatch(/^According to the American Cancer Society, in 2022/);
    // Cited sources without the #:~:text= fragment; Google's own "Learn more" link is not a source.
    expect(capture.answerBox?.sourceUrls).toEqual([
      'https://www.cancer.org/research/cancer-facts-statistics/all-cancer-facts-figures/cancer-facts-figures-2022.html',
      'https://www.cdc.gov/nchs/fastats/cancer.htm',
      'https://odphp.health.gov/healthypeople/objectives-and-data/browse-objectives/cancer',
    ]);
    expectWellFormed(capture, GOOGLE);
  });

  it('records no AI Overview when the page only holds its loading placeholder', () => {
    const capture = captureFixture('google/google-2025-02-ai-overview-placeholder-tesla-manifesto.html');
    expect(capture.answerBox).toBeUndefined();
    expect(capture.results).toHaveLength(10);
    expect(capture.results[0]).toMatchObject({ url: 'https://www.tesla.com/secret-master-plan', domain: 'tesla.com' });
    expect(capture.results[0]?.snippet).toContain('The Tesla Roadster is designed to beat');
  });

  it('reads a featured snippet with its source', () => {
    const capture = captureFixture('google/google-2023-05-featured-snippet.html');
    expect(capture.results).toHaveLength(9);
    expect(capture.results[0]?.url).toBe('https://backlinko.com/hub/seo/featured-snippets');
    expect(capture.answerBox).toEqual({
      kind: 'featured-snippet',
      text: expect.stringMatching(/^Featured snippets are special boxes where the format of a regular search result/),
      sourceUrls: ['https://developers.google.com/search/docs/appearance/featured-snippets'],
    });
    expectWellFormed(capture, GOOGLE);
  });

  it('reads a dictionary panel as a knowledge panel', () => {
    const capture = captureFixture('google/google-2024-03-define-judgement.html');
    expect(capture.results).toHaveLength(10);
    expect(capture.results[0]).toMatchObject({
      title: 'Judgment Definition & Meaning',
      url: 'https://www.merriam-webster.com/dictionary/judgment',
      domain: 'merriam-webster.com',
    });
    expect(capture.answerBox?.kind).toBe('knowledge-panel');
    expect(capture.answerBox?.text).toContain('the ability to make considered decisions');
  });

  it('reads the 2025 rendered DOM that has no div.g', () => {
    const capture = captureFixture('google/google-2025-10-rendered-react-github.html');
    expect(capture.query).toBe('react github');
    expect(capture.results).toHaveLength(8);
    expect(capture.results[0]).toMatchObject({ url: 'https://github.com/facebook/react', domain: 'github.com' });
    expect(capture.results[0]?.snippet).toContain(
      'The main purpose of this repository is to continue evolving React core',
    );
    // The video result (a div.g without tF2Cxc) is read too, and marked as a video.
    expect(capture.results.find((r) => r.domain === 'youtube.com')?.kind).toBe('video');
    expect(capture.results[0]?.kind).toBe('organic');
    expectWellFormed(capture, GOOGLE);
  });

  it('leaves out sponsored results even when they look like organic ones', () => {
    const doc = serpDocument('google/google-2025-02-ai-overview-cancer-deaths.html');
    const column = doc.getElementById('rso');
    const organic = doc.querySelector('#rso div.tF2Cxc');
    if (!column || !organic) throw new Error('fixture changed');
    // Google marks text ads with data-text-ad; put one among the organic results.
    const ad = doc.createElement('div');
    ad.setAttribute('data-text-ad', '1');
    const card = organic.cloneNode(true) as Element;
    card.querySelector('a')?.setAttribute('href', 'https://ads.example.com/landing');
    ad.append(card);
    column.prepend(ad);
    const reading = google.read(doc, url('cancer deaths per year in the usa'));
    expect(reading?.results).toHaveLength(10);
    expect(reading?.results.map((r) => r.url)).not.toContain('https://ads.example.com/landing');
  });

  it('reads the pre-2019 markup, the link inside the heading, and leaves out answer sources and strips', () => {
    // Hand-written from the 2012 (div.s text, then the address line) and 2014–2018 (h3.r > a, span.st)
    // shapes; around them, blocks the corpus shows in later layouts: a People-also-ask answer's source, a
    // carousel, a jobs link.
    const { document } = parseHTML(`<html><body><div id="center_col"><div id="rso">
      <div class="g"><h3 class="r"><a href="/url?q=https://example.org/a&amp;sa=U">First result</a></h3>
        <div class="s"><div><cite>example.org/a</cite><span class="st">The first snippet.</span></div></div></div>
      <div class="related-question-pair" data-q="why?"><div class="g"><a href="https://answers.example/x"><h3>Answer source</h3></a></div></div>
      <div class="g"><g-scrolling-carousel><a href="https://video.example/v"><h3>A video</h3></a></g-scrolling-carousel></div>
      <div class="g"><a href="/search?q=jobs&amp;ibp=htl;jobs"><h3>Jobs near you</h3></a></div>
      <li class="g"><h3 class="r"><a href="https://example.net/b">Second result</a></h3><div class="s"><span class="st">The second snippet.</span></div></li>
      <li class="g"><h3 class="r"><a href="/url?q=https://example.com/c&amp;sa=U">Third result</a></h3><div class="s">The <b>third</b> snippet.<br><div><cite>example.com/c</cite><span class="flc"> - <a href="//webcache.googleusercontent.com/search?q=cache:x">Cached</a> - <a href="/search?q=related:example.com/c">Similar</a></span></div></div></li>
    </div></div></body></html>`);
    const reading = google.read(document as unknown as Document, url('legacy'));
    expect(reading?.extraction).toBe('selectors');
    expect(reading?.results.map(({ url, title, snippet }) => ({ url, title, snippet }))).toEqual([
      { url: 'https://example.org/a', title: 'First result', snippet: 'The first snippet.' },
      { url: 'https://example.net/b', title: 'Second result', snippet: 'The second snippet.' },
      { url: 'https://example.com/c', title: 'Third result', snippet: 'The third snippet.' },
    ]);
  });

  it('reads snippets by structure when their classes have drifted', () => {
    const page = 'google/google-2025-10-rendered-react-github.html';
    const before = google.read(serpDocument(page), url('react github'));
    const doc = serpDocument(page);
    for (const element of Array.from(doc.querySelectorAll('.VwiC3b, [data-sncf]'))) {
      element.removeAttribute('class');
      element.removeAttribute('data-sncf');
    }
    const after = google.read(doc, url('react github'));
    expect(after?.extraction).toBe('selectors');
    expect(after?.results.map((r) => r.url)).toEqual(before?.results.map((r) => r.url));
    for (const [i, result] of (after?.results ?? []).entries()) {
      const original = before?.results[i]?.snippet ?? '';
      if (original) expect(result.snippet).toContain(original.slice(0, 40));
    }
  });
});
