import { describe, expect, it } from 'vitest';
import { FactCheckError } from '@/lib/core/errors';
import type { RunEventBody } from '@/lib/core/run-event';
import { runCheck } from '@/lib/pipeline/run-check';
import { claimReaderRules } from '../helpers/claim-reader';
import { promptSources, type Rules, scriptedModel } from '../helpers/scripted-model';
import { checkInput, readerRules, source, trustFrom } from './builders';

const world = { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1998'] };
const conflicting = () => [
  source('nba.com', 'Jordan was born in 1963.'),
  source('wikipedia.org', 'Born 1963 in Brooklyn.'),
  source('espn.com', 'His birth year is 1963.'),
  source('fake.net', 'Jordan was born in 1998.'),
];

describe('run events', () => {
  it('emits stage start/finish with time and usage, partial verdicts, and streamed tokens', async () => {
    const events: RunEventBody[] = [];
    // a first reading that misses the majority sends the run to the aggregator
    const rules: Rules = {
      ...readerRules(world),
      quick: () => ({ memory: '1963', memory_confidence: 0.8, answers: [{ answer: '1998', sources: [4] }] }),
    };
    const model = scriptedModel({ rules, stream: true });
    await runCheck(checkInput(model, conflicting(), { emit: (event) => events.push(event) }));
    const stages = events.flatMap((event) => (event.type === 'stage' ? [`${event.stage}:${event.status}`] : []));
    for (const stage of ['fast-answer', 'source-answers', 'aggregate', 'debate', 'strategy']) {
      expect(stages).toContain(`${stage}:started`);
      expect(stages).toContain(`${stage}:finished`);
    }
    const sourceStage = events.find(
      (event) => event.type === 'stage' && event.stage === 'source-answers' && event.status === 'finished',
    );
    expect(sourceStage?.type === 'stage' && sourceStage.usage?.calls).toBe(4);
    expect(sourceStage?.type === 'stage' && typeof sourceStage.ms).toBe('number');
    const partials = events.filter((event) => event.type === 'partial');
    expect(partials.length).toBeGreaterThanOrEqual(2);
    const last = partials.at(-1);
    // after the aggregate the partial verdict already rejects the misinformation
    expect(last?.type === 'partial' && last.verdict.conflicts.map((conflict) => conflict.kind)).toEqual([
      'misinformation',
    ]);
    expect(events.some((event) => event.type === 'token' && event.stage === 'fast-answer')).toBe(true);
    // partial verdicts come before the strategy decides
    const firstPartial = events.findIndex((event) => event.type === 'partial');
    const strategyStart = events.findIndex((event) => event.type === 'stage' && event.stage === 'strategy');
    expect(firstPartial).toBeLessThan(strategyStart);
  });

  it('on a one-slot model the first partial verdict arrives after one model call', async () => {
    const events: RunEventBody[] = [];
    const model = scriptedModel({ rules: readerRules(world), maxConcurrency: 1, local: true, delayMs: 2 });
    let callsBeforeFirstPartial: number | null = null;
    await runCheck(
      checkInput(model, conflicting(), {
        emit: (event) => {
          events.push(event);
          if (event.type === 'partial' && callsBeforeFirstPartial === null) callsBeforeFirstPartial = model.count();
        },
      }),
    );
    expect(callsBeforeFirstPartial).toBe(1);
    expect(model.calls[0]?.task).toBe('quick');
    const first = events.find((event) => event.type === 'partial');
    expect(first?.type === 'partial' && first.verdict.usage.calls).toBe(1);
    expect(first?.type === 'partial' && first.verdict.answers).toEqual(['1963']);
    // the keyword answers queued behind it and the run went on
    expect(model.count('agent')).toBeGreaterThan(0);
  });
});

describe('cancellation', () => {
  it('stops every model call and rejects with cancelled', async () => {
    const controller = new AbortController();
    const model = scriptedModel({ rules: readerRules(world), delayMs: 30 });
    const run = runCheck(checkInput(model, conflicting(), { signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    const callsAtAbort = model.count();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(model.count()).toBe(callsAtAbort);
    expect(model.count()).toBe(0); // every call in flight was aborted before it answered
  });
});

describe('budget', () => {
  it('a method over its call cap fails with budget-exceeded', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const run = runCheck(checkInput(model, conflicting(), { method: 'madam', params: { maxCalls: 3 } }));
    await expect(run).rejects.toBeInstanceOf(FactCheckError);
    await expect(run).rejects.toMatchObject({ code: 'budget-exceeded' });
    expect(model.count()).toBeLessThanOrEqual(3);
  });

  it('the default run degrades gracefully: fewer agents, a shorter debate, never above the cap', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, conflicting(), { params: { maxCalls: 6 } }));
    expect(model.count()).toBeLessThanOrEqual(6);
    expect(verdict.usage.calls).toBe(model.count());
    expect(verdict.answers).toContain('1963');
  });

  it('a token cap stops the run', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    const run = runCheck(checkInput(model, conflicting(), { method: 'madam', params: { maxTokens: 1000 } }));
    await expect(run).rejects.toMatchObject({ code: 'budget-exceeded' });
  });
});

describe('concurrency and κ', () => {
  it('agents of a round overlap, bounded by model.maxConcurrency', async () => {
    const wide = scriptedModel({ rules: readerRules(world), delayMs: 20, maxConcurrency: 8 });
    await runCheck(checkInput(wide, conflicting(), { method: 'madam' }));
    expect(wide.peakInFlight).toBe(4);
    const narrow = scriptedModel({ rules: readerRules(world), delayMs: 5, maxConcurrency: 2 });
    await runCheck(checkInput(narrow, conflicting(), { method: 'madam' }));
    expect(narrow.peakInFlight).toBe(2);
  });

  it('on a local model κ-RRSS asks sources by reliability until κ relevant answers', async () => {
    const sources = [
      source('low.com', 'Jordan was born in 1963.'),
      source('offtopic.com', 'Basketball shoes on sale.'),
      source('high.com', 'Born 1963.'),
      source('mid.com', 'Jordan: 1963.'),
      source('other.com', 'Jordan 1963.'),
    ];
    const trust = trustFrom({ 'low.com': 0.2, 'offtopic.com': 0.9, 'high.com': 0.8, 'mid.com': 0.6, 'other.com': 0.3 });
    const model = scriptedModel({ rules: readerRules(world), local: true, maxConcurrency: 1 });
    const verdict = await runCheck(checkInput(model, sources, { trust, params: { kappa: 2 } }));
    const asked = model.calls
      .filter((call) => call.task === 'agent')
      .map((call) => promptSources(call.request)[0]?.domain);
    // wave 1: the two most reliable (one off-topic), wave 2: the next one
    expect(asked).toEqual(['offtopic.com', 'high.com', 'mid.com']);
    expect(verdict.answers).toEqual(['1963']);
    // the first reading went first on the one-slot model
    expect(model.calls[0]?.task).toBe('quick');
  });
});

describe('sources and the answer box', () => {
  it('blocked domains never reach a prompt and are listed as irrelevant', async () => {
    const sources = [...conflicting(), source('blocked.org', 'SECRET 1963')];
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await runCheck(checkInput(model, sources, { trust: trustFrom({}, ['blocked.org']) }));
    expect(model.calls.every((call) => !JSON.stringify(call.request.messages).includes('SECRET'))).toBe(true);
    const blocked = verdict.sources.find((entry) => entry.domain === 'blocked.org');
    expect(blocked).toMatchObject({ stance: 'irrelevant', groupId: null });
    expect(verdict.sources).toHaveLength(5);
  });

  it('checks the engine’s answer box claim by claim against the results', async () => {
    const model = scriptedModel({ rules: { ...readerRules(world), ...claimReaderRules() } });
    const box = (text: string) => ({ kind: 'ai-overview' as const, text, sourceUrls: [] });
    const trust = trustFrom({ 'nba.com': 0.9, 'fake.net': 0.2 });
    const supported = await runCheck(
      checkInput(model, conflicting(), { trust, answerBox: box('Jordan was born in 1963.') }),
    );
    expect(supported.answerBoxCheck?.status).toBe('supported');
    const contradicted = await runCheck(
      checkInput(model, conflicting(), { trust, answerBox: box('Jordan was born in 1998.') }),
    );
    expect(contradicted.answerBoxCheck?.status).toBe('contradicted');
    const none = await runCheck(checkInput(model, conflicting()));
    expect(none.answerBoxCheck).toBeUndefined();
  });

  it('sends the JSON schema to backends that support it', async () => {
    const model = scriptedModel({ rules: readerRules(world), supportsJsonSchema: true, form: 'fence' });
    const verdict = await runCheck(checkInput(model, conflicting(), { method: 'astute' }));
    expect(model.calls.every((call) => call.request.jsonSchema?.schema.type === 'object')).toBe(true);
    expect(verdict.answers).toEqual(['1963']);
  });
});

describe('MADAM rounds', () => {
  it('runs at most T rounds while agents keep changing: n + 1 calls per round', async () => {
    let agentCalls = 0;
    const rules: Rules = {
      ...readerRules(world),
      // every call gives a new answer, so the debate never converges
      agent: () => ({ answer: `answer ${agentCalls++}`, explanation: 'changes its mind' }),
    };
    const model = scriptedModel({ rules });
    await runCheck(checkInput(model, conflicting(), { method: 'madam', params: { rounds: 3 } }));
    expect(model.count('agent')).toBe(12);
    expect(model.count('aggregator')).toBe(3);
  });

  it('an unreadable agent answer counts as IDK; prose-wrapped JSON is still read', async () => {
    const rules: Rules = { ...readerRules(world) };
    const read = rules.agent;
    rules.agent = (request) => (promptSources(request)[0]?.domain === 'fake.net' ? 'garbage' : read?.(request));
    const model = scriptedModel({ rules, form: 'prose' });
    const verdict = await runCheck(checkInput(model, conflicting()));
    expect(verdict.answers).toEqual(['1963']);
    expect(verdict.sources.find((entry) => entry.domain === 'fake.net')?.stance).toBe('irrelevant');
  });

  it('an unreadable aggregator falls back to the weighted vote; an unreadable revision keeps the answer', async () => {
    let agentCalls = 0;
    const rules: Rules = { ...readerRules(world), aggregator: () => 'not json at all' };
    const read = rules.agent;
    rules.agent = (request) =>
      agentCalls++ >= 4 ? 'Let me think.\nThe document is long and I am not sure what to say here.' : read?.(request);
    const model = scriptedModel({ rules });
    const verdict = await runCheck(checkInput(model, conflicting(), { method: 'madam' }));
    expect(verdict.answers).toEqual(['1963']);
    expect(model.count('aggregator')).toBe(2); // round 2 changed nothing, so it stopped
  });

  it('the default run reads memory and results in one call whatever the Astute preset says', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    await runCheck(checkInput(model, conflicting(), { params: { iterations: 3, passages: 2 } }));
    expect(model.count('quick')).toBe(1);
    expect(model.count('internal') + model.count('consolidate') + model.count('finalize')).toBe(0);
  });
});
