import type { BrowserContext, Page } from 'playwright-core';

export interface ClaimBadgeView {
  /** The words the person's browser reads out and shows on hover (inside the closed shadow root). */
  label: string;
  /** The outcome drawn (the badge's class inside the closed shadow root). */
  outcome: string;
  /** Where the host sits, in document coordinates (its inline style). */
  left: number;
  top: number;
  /** False when the content script hid it (the sentence's end is clipped or covered). */
  shown: boolean;
}

interface DomNode {
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

const attribute = (node: DomNode | undefined, name: string) => {
  const list = node?.attributes ?? [];
  const at = list.findIndex((value, index) => index % 2 === 0 && value === name);
  return at >= 0 ? (list[at + 1] ?? '') : '';
};

/**
 * The claim badges as the browser's devtools see them, closed shadow roots included: what the
 * person sees, which no script of the page (nor the content script's world) can read.
 */
export async function claimBadgesViaDevtools(context: BrowserContext, page: Page): Promise<ClaimBadgeView[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const found: ClaimBadgeView[] = [];
    const visit = (node: DomNode) => {
      if (node.nodeName === 'FACTCHECK-BADGE' && (node.attributes ?? []).includes('data-factcheck-claim')) {
        const pill = node.shadowRoots?.[0]?.children?.find((child) => child.nodeName === 'SPAN');
        const style = attribute(node, 'style');
        found.push({
          label: attribute(pill, 'aria-label'),
          outcome: attribute(pill, 'class'),
          left: Number(/left:\s*(-?[\d.]+)px/.exec(style)?.[1] ?? Number.NaN),
          top: Number(/top:\s*(-?[\d.]+)px/.exec(style)?.[1] ?? Number.NaN),
          shown: !/display:\s*none/.test(style),
        });
      }
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) visit(child);
    };
    visit(root);
    return found;
  } finally {
    await cdp.detach();
  }
}
