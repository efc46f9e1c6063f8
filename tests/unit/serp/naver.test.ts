import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

describe('naver adapter (SYNTHETIC fixture: no saved Naver page was available)', () => {
  it('is chosen for Naver result pages only', () => {
    expect(adapterFor(new URL('https://search.naver.com/search.naver?query=x'))?.engine).toBe('naver');
    expect(adapterFor(new URL('https://www.naver.com/'))).toBeUndefined();
  });

  it('reads web documents and skips power-link ads', () => {
    const capture = captureFixture('naver/synthetic-naver-2025-web-docs-kimchi.html');
    expect(capture.query).toBe('김치 효능');
    expect(capture.results.map((r) => r.domain)).toEqual(['kdca.go.kr', 'wikipedia.org', 'wikim.re.kr']);
    expect(capture.results[1]).toMatchObject({
      title: '김치 - 위키백과, 우리 모두의 백과사전',
      url: 'https://ko.wikipedia.org/wiki/%EA%B9%80%EC%B9%98',
    });
    expect(capture.results[0]?.snippet).toMatch(/^김치에는 유산균과 식이섬유가 풍부하여/);
    expectWellFormed(capture, /naver\.com$/);
  });
});
