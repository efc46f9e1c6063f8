import { hostIs } from './url';

/** Hosts that only serve ad clicks: a link there is an ad, whatever its card looks like. */
const AD_HOSTS = [
  'googleadservices.com',
  'doubleclick.net',
  'r.msn.com',
  'yabs.yandex.ru',
  'yabs.yandex.com',
  'e.baidu.com',
];

/** Ad clicks on an engine's own host (Bing's /aclick, served inside Ecosia, Yahoo and DuckDuckGo too). */
const AD_PATHS: readonly (readonly [string, RegExp])[] = [
  ['bing.com', /^\/aclick/],
  ['duckduckgo.com', /^\/y\.js/],
  ['google.com', /^\/aclk/],
];

/** True for a link that is a paid click, not a result. */
export function isAdClick(url: URL): boolean {
  const host = url.hostname;
  if (AD_HOSTS.some((ad) => hostIs(host, ad))) return true;
  return AD_PATHS.some(([domain, path]) => hostIs(host, domain) && path.test(url.pathname));
}
