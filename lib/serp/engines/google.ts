import type { PageReading, RawResult, SerpAdapter } from '../adapter';
import { textOf } from '../text';
import { absoluteUrl, urlParam } from '../url';

const SELECTORS = {
  organic: '#rso div.tF2Cxc, #rso div.g:not(:has(div.tF2Cxc))',
  title: 'h3',
  link: 'div.yuRUbf a[href], a[href]:has(h3)',
  snippet: 'div.VwiC3b, [data-sncf="1"]',
  queryBox: 'textarea[name="q"], input[name="q"]',
} as const;

const GOOGLE_HOST = /^(www\.)?google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** Google wraps some links as /url?q=<target>. */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url) return null;
  if (GOOGLE_HOST.test(url.hostname) && url.pathname === '/url') return urlParam(url, 'q') ?? urlParam(url, 'url');
  return url.href;
}

export const google: SerpAdapter = {
  engine: 'google',
  label: 'Google',
  matchPatterns: ['https://www.google.com/search*'],
  matches: (url) => GOOGLE_HOST.test(url.hostname) && url.pathname === '/search',
  read(doc, url): PageReading | null {
    const containers = Array.from(doc.querySelectorAll(SELECTORS.organic));
    if (containers.length === 0) return null;
    const results: RawResult[] = [];
    for (const container of containers) {
      const title = textOf(container.querySelector(SELECTORS.title));
      const href = destination(container.querySelector(SELECTORS.link)?.getAttribute('href') ?? null, url);
      if (!title || !href) continue;
      results.push({ title, url: href, snippet: textOf(container.querySelector(SELECTORS.snippet)) });
    }
    const boxQuery = doc.querySelector<HTMLInputElement>(SELECTORS.queryBox);
    const query = url.searchParams.get('q') ?? boxQuery?.value ?? boxQuery?.textContent ?? '';
    return { query, results };
  },
};
