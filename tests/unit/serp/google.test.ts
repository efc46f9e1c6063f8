import { describe, expect, it } from 'vitest';
import { captureWith } from '@/lib/serp/capture';
import { google } from '@/lib/serp/engines/google';
import { adapterFor } from '@/lib/serp/registry';
import { serpDocument } from '../helpers/fixtures';

const url = (q: string) => new URL(`https://www.google.com/search?q=${encodeURIComponent(q)}`);

describe('google adapter', () => {
  it('is chosen for Google result pages only', () => {
    expect(adapterFor(url('x'))?.engine).toBe('google');
    expect(adapterFor(new URL('https://www.google.com/'))).toBeUndefined();
    expect(adapterFor(new URL('https://www.google.com.evil.example/search?q=x'))).toBeUndefined();
  });

  it('reads the organic results of a 2025 page in rank order with real destinations and domains', () => {
    const capture = captureWith(
      google,
      serpDocument('google/google-2025-02-ai-overview-cancer-deaths.html'),
      url('cancer deaths per year in the usa'),
    );
    expect(capture.query).toBe('cancer deaths per year in the usa');
    expect(capture.results).toHaveLength(10);
    expect(capture.results.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(capture.results[0]).toMatchObject({
      id: 'r1',
      title: 'Cancer Facts & Figures 2021',
      domain: 'cancer.org',
      url: 'https://www.cancer.org/research/cancer-facts-statistics/all-cancer-facts-figures/cancer-facts-figures-2021.html',
    });
    expect(capture.results[1]?.domain).toBe('cdc.gov');
    expect(capture.results[2]?.domain).toBe('cancer.gov');
    expect(capture.results[0]?.snippet).toContain('608,570 cancer deaths');
    for (const result of capture.results) {
      expect(result.url).not.toMatch(/google\.com\/url/);
      expect(result.snippet).not.toMatch(/\s{2,}/);
    }
  });

  it('reads the 2025 rendered DOM that has no div.g', () => {
    const capture = captureWith(
      google,
      serpDocument('google/google-2025-10-rendered-react-github.html'),
      url('react github'),
    );
    expect(capture.results[0]).toMatchObject({ url: 'https://github.com/facebook/react', domain: 'github.com' });
    expect(capture.results.length).toBeGreaterThanOrEqual(7);
  });
});
