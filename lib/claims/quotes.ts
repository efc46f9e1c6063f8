/** Case, spacing, quote marks, dashes and accents a model changes when it copies words. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

const stripEnds = (text: string) => text.replace(/^[\s"'.,;:…]+|[\s"'.,;:…]+$/g, '');

/**
 * Is the quote really in the snippet? Each part between ellipses must occur, in order, after
 * folding case, spacing and punctuation look-alikes. An empty or one-character quote is not a quote.
 */
export function quoteInSnippet(quote: string, snippet: string): boolean {
  const haystack = fold(snippet);
  const parts = fold(quote)
    .split(/\s*(?:\.\.\.|…|\[\.\.\.\])\s*/)
    .map(stripEnds)
    .filter((part) => part !== '');
  if (parts.length === 0 || parts.join('').length < 2) return false;
  let from = 0;
  for (const part of parts) {
    const at = haystack.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}
