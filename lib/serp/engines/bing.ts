import { type AnswerSpec, readAnswer } from '../answer';
import { queryOf } from '../dom';
import { defineEngine } from '../engine';
import { readResults } from '../results';
import { absoluteUrl, decodeBase64Url, hostIs, webUrl } from '../url';

const SELECTORS = {
  results: {
    within: ['#b_results'],
    container: 'li.b_algo',
    link: 'h2 a[href]',
    title: 'h2',
    // The paragraph's class number (b_lineclamp2, 3, ...) changes with the snippet's length.
    // Wikipedia rich cards show their text in the open tab.
    snippet: ['.b_caption p, p[class^="b_lineclamp"], .b_algoSlug', '[role="tabpanel"]:not(.tab-hide)'],
    // Ads; and results inside another block's carousel ("more from this site" slides) are not top-level results.
    skip: (container: Element) =>
      container.matches('.b_ad, .b_adTop, .b_adBottom') || container.parentElement?.closest('.slide, li') != null,
  },
  queryBox: 'input[name="q"], textarea[name="q"]',
  answers: [
    // Copilot's generated answer on the results page; markup not seen in a saved page yet.
    {
      kind: 'copilot',
      block: '#b_genserp_container, .b_genserp, [data-tag="copilot-answer"]',
      text: ['.b_genserp_text', 'p'],
    },
    {
      kind: 'answer-card',
      block: 'li.b_ans, #b_topw .b_ans',
      text: ['.b_focusTextLarge, .b_focusTextMedium, .b_focusTextSmall', '.b_rich .rwrl'],
    },
    // The full description hides in .b_hide; the visible one is cut with an ellipsis.
    { kind: 'knowledge-panel', block: '.b_entityTP', text: ['.b_snippet .b_hide', '.b_snippet'] },
  ] satisfies AnswerSpec[],
  challenge: '#turnstile-widget, #b_captcha, .captcha',
  regions: ['#b_results', '#b_content'],
} as const;

const isBing = (host: string) => hostIs(host, 'bing.com');

/** Bing wraps results as /ck/a?...&u=a1<base64url of the target>. */
function destination(href: string | null, base: URL): string | null {
  const url = absoluteUrl(href, base);
  if (!url) return null;
  if (isBing(url.hostname) && url.pathname === '/ck/a') {
    const wrapped = url.searchParams.get('u');
    return wrapped?.startsWith('a1') ? webUrl(decodeBase64Url(wrapped.slice(2))) : null;
  }
  return url.href;
}

const isOwnLink = (url: URL) => isBing(url.hostname);

export const bing = defineEngine({
  engine: 'bing',
  label: 'Bing',
  matchPatterns: ['https://www.bing.com/search*', 'https://cn.bing.com/search*'],
  matches: (url) => isBing(url.hostname) && url.pathname === '/search',
  regions: SELECTORS.regions,
  isOwnLink,
  destination,
  query: (doc, url) => queryOf(doc, url, ['q'], SELECTORS.queryBox),
  results: (doc, url) => readResults(doc, url, SELECTORS.results, destination),
  answerBox: (doc, url) => readAnswer(doc, url, SELECTORS.answers, destination, isOwnLink),
  blocked: (doc) =>
    doc.querySelector(SELECTORS.challenge) && !doc.querySelector('#b_results > li.b_algo')
      ? 'Bing is showing a bot check ("One last step") instead of results. Complete it in the tab, then check again.'
      : null,
});
