import { siteKey } from '../core/site-key';

/**
 * The registrable domain a result is filed under (see siteKey). Kept apart from url.ts: tldts
 * carries the public suffix list, which must not reach the content script.
 */
export const registrableDomain = siteKey;
