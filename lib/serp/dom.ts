import { textOf } from './text';

/** Every element matching a selector, as an array. */
export function all(root: ParentNode, selector: string): Element[] {
  return Array.from(root.querySelectorAll(selector));
}

/** Text of the first match, block-separated and whitespace-normalized; '' when none. */
export function textAt(root: ParentNode, selector: string): string {
  return textOf(root.querySelector(selector));
}

/** What a search box holds: the live value when the person edited it, else the server-rendered one. */
function boxValue(box: Element): string {
  const live = (box as Partial<HTMLInputElement>).value;
  if (typeof live === 'string' && live.trim()) return live;
  return box.getAttribute('value') ?? box.textContent ?? '';
}

/** The query from the first URL parameter that has one, else from the page's search box. */
export function queryOf(doc: Document, url: URL, params: readonly string[], boxSelector: string): string {
  for (const name of params) {
    const value = url.searchParams.get(name);
    if (value?.trim()) return value;
  }
  const box = doc.querySelector(boxSelector);
  return box ? boxValue(box) : '';
}
