import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture } from './read-fixture';

describe('baidu adapter', () => {
  it('is chosen for /s result pages; the home page is registered too, for in-place navigation', () => {
    expect(adapterFor(new URL('https://www.baidu.com/s?wd=x'))?.engine).toBe('baidu');
    expect(adapterFor(new URL('https://www.baidu.com/'))).toBeUndefined();
  });

  it('prefers the real target in mu= to the /link?url= redirect, and skips video carousels', () => {
    const capture = captureFixture('baidu/baidu-2020-08-python-LEGACY.html');
    expect(capture.query).toBe('Python');
    expect(capture.results).toHaveLength(9);
    expect(capture.results[0]).toMatchObject({
      title: 'Python(计算机程序设计语言)_百度百科',
      url: 'https://baike.baidu.com/item/Python/407313',
      domain: 'baidu.com',
    });
    expect(capture.results[0]?.snippet).toContain('Python是一种跨平台的计算机程序设计语言');
    // This 2020 page carries no target for ordinary results: the redirect is kept rather than guessed.
    expect(capture.results[1]?.url).toMatch(/^http:\/\/www\.baidu\.com\/link\?url=/);
    expect(capture.results[1]?.title).toBe('Welcome to Python.org官方');
    for (const result of capture.results) {
      expect(result.url).not.toMatch(/lightapp|\/sf\/vsearch/);
      expect(result.snippet).not.toMatch(/百度快照$/);
    }
  });
});
