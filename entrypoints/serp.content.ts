import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import type { ContentMessage } from '@/lib/messaging/content-messages';
import { readPage } from '@/lib/serp/read-page';
import { adapterFor, CONTENT_MATCHES } from '@/lib/serp/registry';

export default defineContentScript({
  matches: CONTENT_MATCHES,
  runAt: 'document_idle',
  main() {
    const url = new URL(location.href);
    const adapter = adapterFor(url);
    if (!adapter) return;
    const outcome = readPage(adapter, document, url);
    const message: ContentMessage =
      'reading' in outcome
        ? { type: 'page-reading', engine: adapter.engine, url: url.href, reading: outcome.reading }
        : { type: 'capture-failed', engine: adapter.engine, url: url.href, reason: outcome.reason };
    // Never throw into the page: a background that is asleep or reloading is not the page's problem.
    browser.runtime.sendMessage(message).catch(() => undefined);
  },
});
