import { siteKey } from '../core/site-key';

/** The key the trust store files a site under; the same function capture and import use. */
export const trustKey = siteKey;
