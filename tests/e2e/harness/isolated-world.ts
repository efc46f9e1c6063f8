import type { BrowserContext, Page } from 'playwright-core';

/**
 * Evaluates code in our content script's isolated world on a page: the place a compromised
 * or confused content script would send messages from. Playwright's own evaluate runs in the page's world.
 */
export async function evaluateInContentScript<T>(
  context: BrowserContext,
  page: Page,
  extensionId: string,
  expression: string,
): Promise<T> {
  const cdp = await context.newCDPSession(page);
  const contexts: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => contexts.push(created));
  await cdp.send('Runtime.enable');
  const deadline = Date.now() + 5_000;
  let world: (typeof contexts)[number] | undefined;
  while (!world && Date.now() < deadline) {
    world = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin.includes(extensionId));
    if (!world) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!world) throw new Error('the content script world was not found on this page');
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    contextId: world.id,
    awaitPromise: true,
    returnByValue: true,
  });
  await cdp.detach();
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}
