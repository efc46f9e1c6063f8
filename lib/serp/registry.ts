import type { SerpAdapter } from './adapter';
import { baidu } from './engines/baidu';
import { bing } from './engines/bing';
import { brave } from './engines/brave';
import { duckduckgo } from './engines/duckduckgo';
import { ecosia } from './engines/ecosia';
import { google } from './engines/google';
import { kagi } from './engines/kagi';
import { naver } from './engines/naver';
import { presearch } from './engines/presearch';
import { searxng } from './engines/searxng';
import { startpage } from './engines/startpage';
import { yahoo } from './engines/yahoo';
import { yandex } from './engines/yandex';

/**
 * Every engine we read, in the order they are tried. Nothing else switches on engine names.
 * SearXNG is last: it is recognised by page structure on any host, so every known host goes first.
 */
export const ADAPTERS: readonly SerpAdapter[] = [
  google,
  bing,
  duckduckgo,
  brave,
  startpage,
  ecosia,
  yahoo,
  kagi,
  yandex,
  baidu,
  naver,
  presearch,
  searxng,
];

const enabled = (adapter: SerpAdapter, disabled: readonly string[]) => !disabled.includes(adapter.engine);

/** The engine whose results page this address is, among engines known by address. */
export function adapterFor(url: URL, disabled: readonly string[] = []): SerpAdapter | undefined {
  return ADAPTERS.find((adapter) => !adapter.recognizes && enabled(adapter, disabled) && adapter.matches(url));
}

/** adapterFor, then the engines recognised by the page's structure (SearXNG on any host). */
export function adapterForPage(url: URL, doc: Document, disabled: readonly string[] = []): SerpAdapter | undefined {
  return (
    adapterFor(url, disabled) ??
    ADAPTERS.find(
      (adapter) => adapter.recognizes && enabled(adapter, disabled) && adapter.matches(url) && adapter.recognizes(doc),
    )
  );
}

/** Whether some engine could own this address (structure-found engines included), before reading the page. */
export function mayBeResultsPage(url: URL): boolean {
  return ADAPTERS.some((adapter) => adapter.matches(url));
}

export function adapterNamed(engine: string): SerpAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.engine === engine);
}

/** Match patterns for the content script's registration. */
export const CONTENT_MATCHES: string[] = [...new Set(ADAPTERS.flatMap((adapter) => adapter.matchPatterns))];
