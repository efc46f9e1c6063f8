import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS } from '../unit/helpers/messy-forms';
import type { ExtensionSession } from './harness/extension';
import {
  JORDAN_HOST as HOST,
  JORDAN_SEARCH_URL,
  type JordanScenario,
  startJordanScenario,
} from './harness/jordan-scenario';

/**
 * The extension against an OpenAI-compatible server that writes every answer in the next messy
 * form (capitalised keys, markdown labels, output cut at the token limit, sentences, <think>...):
 * the default check still answers 1963, and every request carries the JSON schema.
 */
describe('the extension reads what a real model writes', () => {
  let scenario: JordanScenario;
  let session: ExtensionSession;

  beforeAll(async () => {
    scenario = await startJordanScenario({ forms: FORMS.filter((form) => form !== 'clean') });
    session = scenario.session;
  });

  afterAll(async () => {
    await scenario?.close();
  });

  it.each(['auto', 'madam', 'astute'])('%s answers 1963 through messy output', async (method) => {
    const results = await session.context.newPage();
    await results.goto(JORDAN_SEARCH_URL);
    const tabId = await session.tabIdOf(`https://${HOST}/search`);
    const panel = await session.openPage(`sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('method').selectOption(method);
    const before = scenario.modelRequests.length;
    await panel.getByTestId('check').click();
    await expect
      .poll(() => panel.getByTestId('verdict').textContent(), { timeout: 30_000 })
      .toContain(`method ${method}`);
    expect(await panel.getByTestId('answer').textContent()).toBe('1963');
    const chats = scenario.modelRequests.slice(before).filter((request) => request.path.endsWith('/chat/completions'));
    expect(chats.length).toBeGreaterThan(0);
    for (const request of chats) {
      const body = JSON.parse(request.body) as { response_format?: { type?: string } };
      expect(body.response_format?.type).toBe('json_schema');
    }
    await panel.close();
    await results.close();
  });
});
