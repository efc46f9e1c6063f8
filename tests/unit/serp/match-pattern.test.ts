import { describe, expect, it } from 'vitest';
import { hostPattern, matchesPattern } from '@/lib/serp/match-pattern';

describe('matchesPattern', () => {
  it('follows the match-pattern rules for scheme, host, subdomains and path', () => {
    const url = (href: string) => new URL(href);
    expect(matchesPattern('https://www.google.co.uk/search*', url('https://www.google.co.uk/search?q=x'))).toBe(true);
    expect(matchesPattern('https://www.google.co.uk/search*', url('http://www.google.co.uk/search?q=x'))).toBe(false);
    expect(matchesPattern('https://*.yandex.ru/search*', url('https://yandex.ru/search/?text=x'))).toBe(true);
    expect(matchesPattern('https://*.yandex.ru/search*', url('https://www.yandex.ru/search/?text=x'))).toBe(true);
    expect(matchesPattern('https://*.yandex.ru/search*', url('https://evilyandex.ru/search/'))).toBe(false);
    expect(matchesPattern('https://searx.example.org/*', url('https://searx.example.org/search'))).toBe(true);
    expect(matchesPattern('https://searx.example.org/*', url('https://other.example.org/search'))).toBe(false);
    expect(matchesPattern('*://searx.example.org/*', url('http://searx.example.org/'))).toBe(true);
    expect(matchesPattern('not a pattern', url('https://example.org/'))).toBe(false);
  });
});

describe('hostPattern', () => {
  it.each([
    ['searx.example.org', 'https://searx.example.org/*'],
    ['https://searx.example.org/', 'https://searx.example.org/*'],
    ['https://searx.example.org/search?q=x', 'https://searx.example.org/*'],
    ['http://192.168.1.5', 'http://192.168.1.5/*'],
    ['  SEARX.example.org  ', 'https://searx.example.org/*'],
  ])('%s → %s', (input, pattern) => {
    expect(hostPattern(input)).toBe(pattern);
  });

  it.each([
    '',
    'searx',
    '*.example.org',
    'ftp://example.org',
    'two words.org',
    '<all_urls>',
  ])('refuses "%s"', (input) => {
    expect(hostPattern(input)).toBeNull();
  });
});
