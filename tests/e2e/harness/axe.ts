import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) on a page as it stands, and returns the
 * serious and critical violations. The script goes in over the DevTools protocol, so the page's
 * content security policy (no inline scripts) is unchanged.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const runner = (globalThis as unknown as { axe: typeof axe }).axe;
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return found.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}
