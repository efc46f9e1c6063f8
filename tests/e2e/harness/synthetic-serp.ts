export interface SyntheticResult {
  url: string;
  title: string;
  snippet: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A SYNTHETIC Google results page in Google's own organic-result markup (#rso, div.MjjYud >
 * div.tF2Cxc, div.yuRUbf > a > h3, div.VwiC3b, as in the real pages under tests/fixtures/serp/google),
 * for scenarios no saved page has: a planted conflict, hostile titles and snippets.
 * Page text is escaped, so what the content script reads is exactly the given strings.
 */
export function syntheticGooglePage(query: string, results: readonly SyntheticResult[]): string {
  const blocks = results
    .map(
      (result) => `<div class="MjjYud"><div class="g"><div class="tF2Cxc">
  <div class="yuRUbf"><a href="${escapeHtml(result.url)}"><h3 class="LC20lb">${escapeHtml(result.title)}</h3></a></div>
  <div class="VwiC3b">${escapeHtml(result.snippet)}</div>
</div></div></div>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query)} - Google Search</title></head>
<body><form action="/search"><textarea name="q">${escapeHtml(query)}</textarea></form>
<div id="search"><div id="rso">
${blocks}
</div></div></body></html>`;
}
