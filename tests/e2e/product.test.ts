import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './harness/axe';
import { RESULTS_DIR } from './harness/extension';
import {
  JORDAN_HOST as HOST,
  JORDAN_SEARCH_URL,
  type JordanScenario,
  startJordanScenario,
} from './harness/jordan-scenario';
import { pointAtLocalServer } from './harness/settings';
import { drawToolbar, readToolbar, type ToolbarButton } from './harness/toolbar';

describe('around the check: the toolbar, the shortcuts, live lists, the tabs, accessibility', () => {
  let scenario: JordanScenario;
  const worker = () => scenario.session.context.serviceWorkers()[0] ?? scenario.session.worker;

  const storedSettings = () =>
    worker().evaluate(async () => {
      const api = globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<unknown> } } } };
      return api.chrome.storage.local.get('settings');
    });
  const restoreSettings = (items: unknown) =>
    worker().evaluate(async (values) => {
      const api = globalThis as unknown as { chrome: { storage: { local: { set(v: unknown): Promise<void> } } } };
      await api.chrome.storage.local.set(values);
    }, items);

  beforeAll(async () => {
    // Each model call waits, so the check is still running while the person switches to History.
    scenario = await startJordanScenario({ delayMs: 700 });
  });

  afterAll(async () => {
    await scenario?.close();
  });

  it('the toolbar says checking, then disputed; a check finishing while History is open appears in it; a new page clears the button', async () => {
    const { session } = scenario;
    const results = await session.context.newPage();
    await results.goto(JORDAN_SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);
    const seen: { label: string; button: ToolbarButton }[] = [];
    const before = await readToolbar(worker(), tabId);
    expect(before.text).toBe('');
    seen.push({ label: 'not checked', button: before });

    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('check').click();
    await expect.poll(async () => (await readToolbar(worker(), tabId)).text, { timeout: 10_000 }).toBe('…');
    const checking = await readToolbar(worker(), tabId);
    expect(checking.title).toMatch(/checking/i);
    seen.push({ label: 'checking', button: checking });

    // To History by keyboard: the tabs are one tab stop, the arrow keys move and select.
    await panel.getByTestId('nav-check').focus();
    await panel.keyboard.press('ArrowRight');
    expect(await panel.getByTestId('nav-history').getAttribute('aria-selected')).toBe('true');
    expect(await panel.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('nav-history');
    expect(await panel.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      await panel.getByTestId('nav-history').getAttribute('id'),
    );
    await panel.getByText('No checks yet.').waitFor();
    // The check is still running while History shows nothing: what follows is the live update.
    expect((await readToolbar(worker(), tabId)).text).toBe('…');
    await session.screenshot(panel, 'product-history-before');

    await expect.poll(() => panel.getByTestId('history-item').count(), { timeout: 45_000 }).toBe(1);
    expect(await panel.getByTestId('history-item').textContent()).toContain(
      'when was michael jordan born'.slice(0, 10),
    );
    await session.screenshot(panel, 'product-history-live');
    // To review follows the same way (the planted source makes a conflict nobody has reviewed).
    await panel.keyboard.press('ArrowRight');
    expect(await panel.getByTestId('nav-review').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.getByTestId('history-item').count()).toBe(1);
    await panel.keyboard.press('Home');
    expect(await panel.getByTestId('nav-check').getAttribute('aria-selected')).toBe('true');

    await expect.poll(async () => (await readToolbar(worker(), tabId)).text, { timeout: 10_000 }).toBe('!');
    const disputed = await readToolbar(worker(), tabId);
    expect(disputed.title).toMatch(/contradicted or disputed/);
    expect(disputed.color.slice(0, 3)).toEqual([0xb3, 0x26, 0x1e]);
    seen.push({ label: 'disputed', button: disputed });

    // Reloading the same question brings the state back (the browser clears the button on every load).
    await results.reload();
    await expect.poll(async () => (await readToolbar(worker(), tabId)).text, { timeout: 10_000 }).toBe('!');
    // Another page in the tab: the button is cleared.
    await results.goto(`https://${HOST}/`).catch(() => undefined);
    await expect.poll(async () => (await readToolbar(worker(), tabId)).text, { timeout: 10_000 }).toBe('');
    seen.push({ label: 'after navigation', button: await readToolbar(worker(), tabId) });

    // Back on the search, a check that fails says so (the model server is unreachable for a moment).
    await results.goto(JORDAN_SEARCH_URL);
    await expect.poll(async () => (await readToolbar(worker(), tabId)).text, { timeout: 10_000 }).toBe('!');
    const settings = await storedSettings();
    await pointAtLocalServer(session, 9);
    await panel.getByTestId('check').click();
    await expect.poll(async () => (await readToolbar(worker(), tabId)).text, { timeout: 20_000 }).toBe('×');
    const failed = await readToolbar(worker(), tabId);
    expect(failed.title).toMatch(/the check failed/);
    seen.push({ label: 'failed', button: failed });
    await restoreSettings(settings);
    await drawToolbar(session.context, seen, join(RESULTS_DIR, 'product-toolbar-states.png'));
  });

  it('both shortcuts are registered and changeable; the icon shows on the extensions page', async () => {
    const commands = await worker().evaluate(async () => {
      const api = (
        globalThis as unknown as {
          chrome: { commands: { getAll(): Promise<{ name?: string; description?: string; shortcut?: string }[]> } };
        }
      ).chrome.commands;
      return api.getAll();
    });
    const byName = Object.fromEntries(commands.map((command) => [command.name, command]));
    expect(byName._execute_action?.shortcut).toBe('Alt+Shift+F');
    expect(byName['check-results']).toMatchObject({
      shortcut: 'Alt+Shift+K',
      description: 'Check the search results in this tab',
    });

    const page = await scenario.session.context.newPage();
    await page.setViewportSize({ width: 900, height: 600 });
    await page.goto('chrome://extensions');
    await page.locator('extensions-item #name').filter({ hasText: 'Search Fact Check' }).waitFor();
    const icon = await page.evaluate(() => {
      const manager = document.querySelector('extensions-manager');
      const list = manager?.shadowRoot?.querySelector('extensions-item-list');
      const item = list?.shadowRoot?.querySelector('extensions-item');
      const img = item?.shadowRoot?.querySelector<HTMLImageElement>('#icon');
      return img ? { src: img.src, width: img.naturalWidth } : null;
    });
    expect(icon?.width).toBeGreaterThan(0);
    expect(icon?.src).not.toContain('default_icon');
    await scenario.session.screenshot(page, 'product-extensions-page', { viewportOnly: true });
  });

  it('the panel (each tab, with a verdict) and the options page have no serious accessibility violations', async () => {
    const { session } = scenario;
    const tabId = await session.tabIdOf(`https://${HOST}/search`).catch(() => null);
    const results = await session.context.newPage();
    await results.goto(JORDAN_SEARCH_URL);
    const current = tabId ?? (await session.tabIdOf(`https://${HOST}/search`));
    const panel = await session.openPage(`sidepanel.html?tabId=${current}`);
    await panel.getByTestId('check').click();
    await panel.getByTestId('answer-card').waitFor({ timeout: 45_000 });
    await expect
      .poll(() => panel.getByTestId('answer-card').getAttribute('aria-busy'), { timeout: 45_000 })
      .toBe('false');
    // Who supports what: the answer everyone gives carries the weight, the planted site a sliver.
    const agreement = panel.getByTestId('agreement');
    await agreement.waitFor();
    const rows = agreement.getByTestId('agreement-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-accepted')).toBe('true');
    expect(await rows.first().textContent()).toContain('1963');
    expect(await rows.nth(1).locator('[data-domain]').getAttribute('data-domain')).toBe('fake-facts.net');
    const widths = await agreement
      .locator('.agreement-segment')
      .evaluateAll((segments) => segments.map((segment) => segment.getBoundingClientRect().width));
    expect(widths).toHaveLength(5);
    expect(Math.min(...widths)).toBeGreaterThan(0);
    await agreement.screenshot({ path: join(RESULTS_DIR, 'product-agreement-bars.png') });
    await panel.emulateMedia({ colorScheme: 'dark' });
    await agreement.screenshot({ path: join(RESULTS_DIR, 'product-agreement-bars-dark.png') });
    await panel.emulateMedia({ colorScheme: 'light' });

    // A review moves the estimates: each site's line gets another point.
    await panel.locator('[data-testid^="review-"][data-testid$="-a"]').first().click();
    await expect.poll(() => panel.getByTestId('review-result').textContent()).toBe('You marked A as right.');

    for (const tab of ['check', 'history', 'review'] as const) {
      await panel.getByTestId(`nav-${tab}`).click();
      expect(await seriousViolations(panel), `panel, ${tab}`).toEqual([]);
    }
    await panel.emulateMedia({ colorScheme: 'dark' });
    await panel.getByTestId('nav-check').click();
    expect(await seriousViolations(panel), 'panel, dark').toEqual([]);

    const options = await session.openPage('options.html');
    await options.setViewportSize({ width: 1000, height: 900 });
    await options.locator('[data-testid="trust-row"]').first().waitFor();
    const fakeLine = options.locator(
      '[data-testid="trust-row"][data-domain="fake-facts.net"] [data-testid="trust-trend"]',
    );
    await expect.poll(async () => Number(await fakeLine.getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
    expect(await fakeLine.getAttribute('aria-label')).toMatch(
      /^Trust in fake-facts.net over time: From \d+% on .+ to \d+% on .+, \d+ changes$/,
    );
    await options.getByTestId('trust-table').screenshot({ path: join(RESULTS_DIR, 'product-trust-lines.png') });
    expect(await seriousViolations(options), 'options').toEqual([]);
    await options.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(options), 'options, dark').toEqual([]);
    await options.getByTestId('trust-table').screenshot({ path: join(RESULTS_DIR, 'product-trust-lines-dark.png') });
  });
});
