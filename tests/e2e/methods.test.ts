import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionSession } from './harness/extension';
import {
  JORDAN_HOST as HOST,
  JORDAN_SEARCH_URL,
  type JordanScenario,
  startJordanScenario,
} from './harness/jordan-scenario';

/** Model calls each method makes on the five-result page (MADAM: agents and an aggregator per round). */
const EXPECTED_CALLS = { norag: 1, concat: 1, astute: 2, madam: 12 } as const;

describe('each method runs alone inside the extension', () => {
  let scenario: JordanScenario;
  let session: ExtensionSession;
  const chatCalls = () => scenario.modelRequests.filter((request) => request.path.endsWith('/chat/completions')).length;

  beforeAll(async () => {
    scenario = await startJordanScenario();
    session = scenario.session;
  });

  afterAll(async () => {
    await scenario?.close();
  });

  it.each(
    Object.entries(EXPECTED_CALLS),
  )('%s answers 1963 with its own number of model calls', async (method, calls) => {
    const results = await session.context.newPage();
    await results.goto(JORDAN_SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('method').selectOption(method);
    const before = chatCalls();
    await panel.getByTestId('check').click();
    await expect
      .poll(() => panel.getByTestId('verdict').textContent(), { timeout: 30_000 })
      .toContain(`method ${method}`);
    expect(await panel.getByTestId('answer').textContent()).toBe('1963');
    expect(chatCalls() - before).toBe(calls);
    if (method === 'madam') await session.screenshot(panel, 'method-madam', { viewportOnly: true });
    await panel.close();
    await results.close();
  });
});
