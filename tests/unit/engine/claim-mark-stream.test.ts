import { describe, expect, it } from 'vitest';
import type { ClaimCheck, ClaimOutcome } from '@/lib/core/claim-check';
import { claimMarkStream } from '@/lib/engine/badges';
import { engineContext } from '@/lib/engine/context';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { TabMessage } from '@/lib/messaging/tab-messages';
import { memoryArea } from '@/lib/storage/area';
import { claimResult } from '../helpers/claim-results';
import { fakeServices, noLocalModel } from '../helpers/engine-services';

const TAB = 3;
const TEXT = 'A is 1. B is 2. C is 3.';

function checkOf(outcomes: ClaimOutcome[], boxKind: ClaimCheck['boxKind'] = 'ai-overview'): ClaimCheck {
  return {
    boxKind,
    boxText: TEXT,
    claims: outcomes.map((outcome, at) =>
      claimResult({
        id: `k${at + 1}`,
        outcome,
        text: TEXT.slice(at * 8, at * 8 + 7),
        span: { start: at * 8, end: at * 8 + 7 },
      }),
    ),
    leftOut: 0,
    split: 'model',
    claimsPerCall: 2,
    usage: { calls: 1, promptTokens: 1, completionTokens: 1, ms: 1 },
  };
}

function setup(showBadges = true) {
  const sent: TabMessage[] = [];
  const { services } = fakeServices({
    local: memoryArea({ settings: { v: 2, value: { showBadges } } }),
    sendToTab: async (tabId, message) => {
      if (tabId === TAB) sent.push(message);
    },
  });
  return { sent, stream: claimMarkStream(engineContext(services, createModelHost(noLocalModel)), TAB) };
}

describe('the claim marks sent to the results page while a check runs', () => {
  it('sends each change once, in order, starting with the (empty) marks of the new check', async () => {
    const { sent, stream } = setup();
    stream.update(checkOf(['pending', 'pending', 'pending']));
    stream.update(checkOf(['supported', 'contradicted', 'pending']));
    stream.update(checkOf(['supported', 'contradicted', 'pending']));
    stream.update(checkOf(['supported', 'contradicted', 'not-found']));
    await stream.settled();
    expect(
      sent.map((message) => (message.type === 'show-claim-marks' ? message.marks.map((m) => m.outcome) : [])),
    ).toEqual([[], ['supported', 'contradicted'], ['supported', 'contradicted', 'not-found']]);
  });

  it('never sends the check’s own answer (it is not on the page), nor anything when marks are off', async () => {
    const own = setup();
    own.stream.update(checkOf(['supported', 'contradicted', 'supported'], 'consolidated-answer'));
    await own.stream.settled();
    expect(own.sent).toEqual([]);
    const off = setup(false);
    off.stream.update(checkOf(['supported', 'contradicted', 'supported']));
    await off.stream.settled();
    expect(off.sent).toEqual([]);
  });

  it('a tab that went away does not stop later marks', async () => {
    const sent: TabMessage[] = [];
    let fail = true;
    const flaky = claimMarkStream(
      engineContext(
        fakeServices({
          sendToTab: async (_tabId, message) => {
            if (fail) {
              fail = false;
              throw new Error('Could not establish connection. Receiving end does not exist.');
            }
            sent.push(message);
          },
        }).services,
        createModelHost(noLocalModel),
      ),
      TAB,
    );
    flaky.update(checkOf(['supported', 'pending', 'pending']));
    flaky.update(checkOf(['supported', 'supported', 'pending']));
    await flaky.settled();
    expect(sent).toHaveLength(1);
  });
});
