import { describe, expect, it } from 'vitest';
import type { ClaimCheck, ClaimOutcome } from '@/lib/core/claim-check';
import { claimMarkStream } from '@/lib/engine/badges';
import { engineContext } from '@/lib/engine/context';
import type { EngineServices } from '@/lib/engine/services';
import { createModelHost } from '@/lib/llm/host/model-host';
import type { LocalEngine } from '@/lib/llm/webllm/local-engine';
import type { TabMessage } from '@/lib/messaging/tab-messages';
import { memoryArea } from '@/lib/storage/area';

const TAB = 3;
const TEXT = 'A is 1. B is 2. C is 3.';
const noLocalModel = {} as LocalEngine;

function checkOf(outcomes: ClaimOutcome[], boxKind: ClaimCheck['boxKind'] = 'ai-overview'): ClaimCheck {
  return {
    boxKind,
    boxText: TEXT,
    claims: outcomes.map((outcome, at) => ({
      id: `k${at + 1}`,
      text: TEXT.slice(at * 8, at * 8 + 7),
      span: { start: at * 8, end: at * 8 + 7 },
      worth: 0.5,
      outcome,
      weak: false,
      supportWeight: 0,
      contradictWeight: 0,
      evidence: [],
      unquoted: 0,
      cited: 'no-citations',
      explanation: '',
    })),
    leftOut: 0,
    split: 'model',
    claimsPerCall: 2,
    usage: { calls: 1, promptTokens: 1, completionTokens: 1, ms: 1 },
  };
}

function setup(showBadges = true) {
  const sent: TabMessage[] = [];
  const services: EngineServices = {
    local: memoryArea({ settings: { v: 2, value: { showBadges } } }),
    session: memoryArea(),
    sendToTab: async (tabId, message) => {
      if (tabId === TAB) sent.push(message);
    },
    showToolbarState: async () => undefined,
    hasHostPermission: async () => true,
    keepAlive: async () => undefined,
  };
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
        {
          local: memoryArea(),
          session: memoryArea(),
          sendToTab: async (_tabId, message) => {
            if (fail) {
              fail = false;
              throw new Error('Could not establish connection. Receiving end does not exist.');
            }
            sent.push(message);
          },
          showToolbarState: async () => undefined,
          hasHostPermission: async () => true,
          keepAlive: async () => undefined,
        },
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
