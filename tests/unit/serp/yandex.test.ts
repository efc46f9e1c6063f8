import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/serp/registry';
import { captureFixture, expectWellFormed } from './read-fixture';

const YANDEX = /(^|\.)(yandex\.[a-z.]+|ya\.ru)$/;

describe('yandex adapter', () => {
  it('is chosen for Yandex result pages on its domains', () => {
    for (const host of ['yandex.ru', 'yandex.com', 'ya.ru', 'yandex.com.tr', 'yandex.kz']) {
      expect(adapterFor(new URL(`https://${host}/search/?text=x`))?.engine).toBe('yandex');
    }
    expect(adapterFor(new URL('https://yandex.ru/images/search?text=x'))).toBeUndefined();
  });

  it('skips yabs.yandex.ru ads and the hidden rank number in titles (2019 page)', () => {
    const capture = captureFixture('yandex/yandex-2019-09-cloud-service-LEGACY.html');
    expect(capture.query).toBe('cloud service');
    expect(capture.results).toHaveLength(11);
    expect(capture.results[0]).toMatchObject({
      title: '15 Top Cloud Computing Service Provider Companies',
      url: 'https://www.softwaretestinghelp.com/cloud-computing-service-providers/',
      domain: 'softwaretestinghelp.com',
    });
    expect(capture.results[1]?.domain).toBe('microsoft.com');
    expect(capture.results[0]?.snippet).toMatch(/^Cloud Computing service is nothing but providing services/);
    expectWellFormed(capture, /^yabs\./);
  });

  it('reads the second 2019 page', () => {
    const capture = captureFixture('yandex/yandex-2019-09-car-tires-cheap-LEGACY.html');
    expect(capture.results).toHaveLength(12);
    expect(capture.results.slice(0, 2).map((r) => r.domain)).toEqual(['discounttiredirect.com', 'pepboys.com']);
  });

  it('reads the ya.ru markup (SYNTHETIC fixture) and skips its direct ad', () => {
    const capture = captureFixture('yandex/synthetic-yandex-2025-ya-ru-everest.html');
    expect(capture.query).toBe('высота эвереста');
    expect(capture.results.map((r) => r.domain)).toEqual(['wikipedia.org', 'rgo.ru', 'nplus1.ru']);
    expect(capture.results[0]?.title).toBe('Джомолунгма — Википедия');
    expect(capture.results[0]?.snippet).toContain('высотой 8848,86 м');
    expectWellFormed(capture, YANDEX);
  });
});
