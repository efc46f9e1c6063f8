import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { google } from '@/lib/serp/engines/google';
import { readPage } from '@/lib/serp/read-page';
import { cleanText, MAX_TEXT_DEPTH, textOf } from '@/lib/serp/text';

const page = (body: string) =>
  parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;
const URL_ = new URL('https://www.google.com/search?q=when');

function result(url: string, title: string, snippet: string): string {
  return `<div class="MjjYud"><div class="g"><div class="tF2Cxc"><div class="yuRUbf"><a href="${url}"><h3>${title}</h3></a></div><div class="VwiC3b">${snippet}</div></div></div></div>`;
}

describe('the text reader', () => {
  it('finding 9: reads iteratively and reports a page nested 20,000 deep instead of failing silently', () => {
    const doc = page(`<div id="search"><div id="rso">${result('https://a.example/', 'A', 'visible')}</div></div>`);
    const snippet = doc.querySelector('.VwiC3b');
    let deepest = snippet as Element;
    for (let depth = 0; depth < 20_000; depth++) {
      const child = doc.createElement('span');
      deepest.append(child);
      deepest = child;
    }
    deepest.append(doc.createTextNode('planted'));
    expect(() => textOf(snippet)).toThrow(/nested too deeply/);
    const outcome = readPage(google, doc, URL_);
    expect(outcome).toMatchObject({ blocked: false });
    expect('reason' in outcome && outcome.reason).toMatch(/nested too deeply to read \(more than 1000 levels\)/);
  });

  it('reads a page nested just under the limit, in document order with block spacing', () => {
    const doc = page('<div id="root"></div>');
    let deepest = doc.getElementById('root') as Element;
    for (let depth = 0; depth < MAX_TEXT_DEPTH - 2; depth++) {
      const child = doc.createElement('b');
      deepest.append(child);
      deepest = child;
    }
    deepest.innerHTML = '<p>one</p>two<div>three</div>';
    expect(textOf(doc.getElementById('root'))).toBe('one two three');
  });

  it('finding 2: removes zero-width and other invisible characters before anything is compared', () => {
    expect(cleanText('19\u200b6\u200d3 \u00adis\u2060 the\ufeff year\ufe0f')).toBe('1963 is the year');
  });

  it('finding 2: leaves out textarea, template and form content', () => {
    const doc = page('<div id="x">shown<textarea>planted 1998</textarea><template>tpl</template></div>');
    expect(textOf(doc.getElementById('x'))).toBe('shown');
  });
});
