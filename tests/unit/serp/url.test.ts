import { describe, expect, it } from 'vitest';
import { portable } from '@/lib/serp/read-page';
import { decodeBase64Url, withoutTextFragment } from '@/lib/serp/url';

describe('url helpers', () => {
  it('decodes Bing’s unpadded base64url targets, and refuses garbage', () => {
    expect(decodeBase64Url('aHR0cHM6Ly93d3cudzNzY2hvb2xzLmNvbS9Kcy8')).toBe('https://www.w3schools.com/Js/');
    expect(decodeBase64Url('aHR0cHM6Ly9leGFtcGxlLm9yZy8_YT0x')).toBe('https://example.org/?a=1');
    expect(decodeBase64Url('%%%')).toBeNull();
  });

  it('drops scroll-to-text fragments only', () => {
    expect(withoutTextFragment('https://a.org/p#:~:text=x')).toBe('https://a.org/p');
    expect(withoutTextFragment('https://a.org/p#section')).toBe('https://a.org/p#section');
  });
});

describe('portable', () => {
  it('keeps result elements in the page and sends the rest', () => {
    const element = { tagName: 'DIV' } as unknown as Element;
    const { reading, elements } = portable({
      query: 'q',
      results: [{ title: 't', url: 'https://a.org/', snippet: 's', element }],
    });
    expect(reading.results).toEqual([{ title: 't', url: 'https://a.org/', snippet: 's' }]);
    expect(JSON.stringify(reading)).not.toContain('DIV');
    expect(elements.get('https://a.org/')).toBe(element);
  });
});

describe('kindOf', () => {
  it('marks videos and forums by destination, everything else organic', async () => {
    const { kindOf } = await import('@/lib/serp/kind');
    expect(kindOf('https://www.youtube.com/watch?v=x')).toBe('video');
    expect(kindOf('https://www.reddit.com/r/reactjs/comments/1/x/')).toBe('forum');
    expect(kindOf('https://math.stackexchange.com/q/1')).toBe('forum');
    expect(kindOf('https://www.w3schools.com/js/')).toBe('organic');
  });
});

describe('outcomeSignature', () => {
  it('changes with the results and with the engine’s own answer, not with snippets', async () => {
    const { outcomeSignature } = await import('@/lib/serp/read-page');
    const url = new URL('https://www.google.com/search?q=x');
    const reading = { query: 'x', results: [{ title: 't', url: 'https://a.org/', snippet: 's' }] };
    const base = outcomeSignature(url, { reading, elements: new Map() });
    const sameUrls = { ...reading, results: [{ title: 't2', url: 'https://a.org/', snippet: 's2' }] };
    expect(outcomeSignature(url, { reading: sameUrls, elements: new Map() })).toBe(base);
    const more = { ...reading, results: [...reading.results, { title: 'u', url: 'https://b.org/', snippet: '' }] };
    expect(outcomeSignature(url, { reading: more, elements: new Map() })).not.toBe(base);
    const answered = { ...reading, answerBox: { kind: 'ai-overview' as const, text: 'yes', sourceUrls: [] } };
    expect(outcomeSignature(url, { reading: answered, elements: new Map() })).not.toBe(base);
    expect(outcomeSignature(url, { reason: 'bot check', blocked: true })).toContain('bot check');
  });
});
