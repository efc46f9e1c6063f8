import { describe, expect, it } from 'vitest';
import { checkClaims } from '@/lib/claims/check-claims';
import type { ClaimCheck } from '@/lib/core/claim-check';
import type { RunEventBody } from '@/lib/core/run-event';
import type { AnswerBox } from '@/lib/core/serp-capture';
import { MethodParamsSchema } from '@/lib/core/settings';
import type { ChatModel } from '@/lib/llm/chat-model';
import { RunLedger } from '@/lib/pipeline/ledger';
import { runCheck } from '@/lib/pipeline/run-check';
import { claimReaderRules } from '../helpers/claim-reader';
import { type Rules, scriptedModel } from '../helpers/scripted-model';
import { checkInput, readerRules, source, trustFrom } from '../pipeline/builders';

const BOX_TEXT =
  'The tower is 330 metres tall. It opened to visitors in 1889. Gustave Eiffel company designed the tower. The tower attracts crowds every summer.';

function scene() {
  const sources = [
    source('official.org', 'The tower stands 330 metres tall, its official height since 2022.'),
    source('history.edu', 'Opened to visitors in 1889 for the World Fair.'),
    source('archive.gov', 'The tower first opened to visitors in 1887, records show.'),
    source('museum.org', 'Records show the tower opened to visitors in 1887.'),
    source('blog.net', 'Gustave Eiffel company designed the tower, says my blog.'),
    source('weather.com', 'Rain expected tomorrow.'),
  ];
  const trust = trustFrom({
    'official.org': 0.9,
    'history.edu': 0.9,
    'archive.gov': 0.9,
    'museum.org': 0.8,
    'blog.net': 0.15,
  });
  const box: AnswerBox = {
    kind: 'ai-overview',
    text: BOX_TEXT,
    sourceUrls: [sources[0]?.url ?? '', sources[4]?.url ?? ''],
  };
  return { sources, trust, box };
}

function ledgerFor(model: ChatModel, params: Partial<{ maxCalls: number; maxTokens: number }> = {}) {
  return new RunLedger({ model, params: MethodParamsSchema.parse(params) });
}

const byText = (check: ClaimCheck, start: string) => check.claims.find((claim) => claim.text.startsWith(start));

describe('claim check against the scripted reader', () => {
  it('finds every outcome, weighs trust, quotes the snippets and checks the cited results', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: claimReaderRules() });
    const check = await checkClaims({ question: 'eiffel tower', box, sources, trust, ledger: ledgerFor(model) });
    expect(check.split).toBe('model');
    expect(check.claims.map((claim) => box.text.slice(claim.span.start, claim.span.end))).toEqual([
      'The tower is 330 metres tall.',
      'It opened to visitors in 1889.',
      'Gustave Eiffel company designed the tower.',
      'The tower attracts crowds every summer.',
    ]);
    expect(byText(check, 'The tower is 330')).toMatchObject({ outcome: 'supported', cited: 'supports', weak: false });
    // one trusted site for 1889, two trusted sites for 1887 of comparable weight
    const opened = byText(check, 'It opened');
    expect(opened?.outcome).toBe('disputed');
    expect(opened?.evidence.map((item) => [item.domain, item.stance, item.quote])).toEqual([
      ['history.edu', 'supports', 'visitors in 1889'],
      ['archive.gov', 'contradicts', 'visitors in 1887'],
      ['museum.org', 'contradicts', 'visitors in 1887'],
    ]);
    expect(byText(check, 'Gustave')).toMatchObject({ outcome: 'supported', weak: true, cited: 'supports' });
    expect(byText(check, 'The tower attracts')).toMatchObject({ outcome: 'not-found', cited: 'silent' });
    expect(check.usage.calls).toBe(1 + Math.ceil(4 / check.claimsPerCall));
  });

  it('calls a claim contradicted when trusted sites outweigh the one that supports it', async () => {
    const { sources, box } = scene();
    const trust = trustFrom({ 'history.edu': 0.2, 'archive.gov': 0.9, 'museum.org': 0.9 });
    const model = scriptedModel({ rules: claimReaderRules() });
    const check = await checkClaims({ question: 'q', box, sources, trust, ledger: ledgerFor(model) });
    expect(byText(check, 'It opened')).toMatchObject({ outcome: 'contradicted', weak: false });
  });

  it('keeps the most check-worthy claims and says how many were left out', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: claimReaderRules() });
    const check = await checkClaims({ question: 'q', box, sources, trust, ledger: ledgerFor(model), maxClaims: 2 });
    expect(check.leftOut).toBe(2);
    // the two with numbers are worth more
    expect(check.claims.map((claim) => claim.text.slice(0, 12))).toEqual(['The tower is', 'It opened to']);
  });

  it('does not count readings whose quote is not in the snippet', async () => {
    const { sources, trust, box } = scene();
    const honest = claimReaderRules();
    const rules: Rules = {
      ...honest,
      'claim-evidence': (request) => {
        const out = honest['claim-evidence']?.(request) as { readings: Array<{ quote: string }> };
        return { readings: out.readings.map((reading) => ({ ...reading, quote: `${reading.quote} (made up)` })) };
      },
    };
    const check = await checkClaims({
      question: 'q',
      box,
      sources,
      trust,
      ledger: ledgerFor(scriptedModel({ rules })),
    });
    expect(check.claims.every((claim) => claim.outcome === 'not-found' && claim.evidence.length === 0)).toBe(true);
    expect(byText(check, 'It opened')?.unquoted).toBe(3);
  });

  it('falls back to the sentences when the split cannot be read, and marks unreadable evidence unchecked', async () => {
    const { sources, trust, box } = scene();
    const model: ChatModel = {
      id: 'messy:test',
      maxConcurrency: 1,
      supportsJsonSchema: false,
      local: true,
      generate: async () => ({
        text: 'Sorry, here are thoughts without JSON.',
        usage: { promptTokens: 10, completionTokens: 5, ms: 1 },
      }),
    };
    const check = await checkClaims({ question: 'q', box, sources, trust, ledger: ledgerFor(model) });
    expect(check.split).toBe('sentences');
    expect(check.claims).toHaveLength(4);
    expect(check.claims.every((claim) => claim.outcome === 'unchecked')).toBe(true);
  });

  it('stays within the call budget: claims it cannot afford stay unchecked', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: claimReaderRules(), maxConcurrency: 1 });
    const check = await checkClaims({
      question: 'q',
      box,
      sources,
      trust,
      ledger: ledgerFor(model, { maxCalls: 2 }),
      claimsPerCall: 1,
    });
    expect(model.calls).toHaveLength(2);
    expect(check.claims.filter((claim) => claim.outcome !== 'unchecked')).toHaveLength(1);
    expect(check.claims.filter((claim) => claim.outcome === 'unchecked')).toHaveLength(3);
  });

  it('stops at the token budget', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: claimReaderRules(), maxConcurrency: 1 });
    const check = await checkClaims({
      question: 'q',
      box,
      sources,
      trust,
      ledger: ledgerFor(model, { maxTokens: 1000 }),
      claimsPerCall: 1,
    });
    expect(model.calls.length).toBeLessThan(5);
    expect(check.claims.some((claim) => claim.outcome === 'unchecked')).toBe(true);
  });

  it('publishes each batch as soon as it is read, most check-worthy first', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: claimReaderRules(), maxConcurrency: 1, delayMs: 5 });
    const updates: ClaimCheck[] = [];
    await checkClaims({
      question: 'q',
      box,
      sources,
      trust,
      ledger: ledgerFor(model),
      claimsPerCall: 1,
      onUpdate: (c) => updates.push(c),
    });
    const settled = updates.map((update) => update.claims.filter((claim) => claim.outcome !== 'pending').length);
    expect(settled).toEqual([0, 1, 2, 3, 4]);
    const first = updates[1]?.claims.find((claim) => claim.outcome !== 'pending');
    expect(first?.text).toMatch(/\d/);
  });
});

describe('the claim check in a run', () => {
  const world = { candidates: ['1889', '1887'] };
  it('runs beside the default check in one budget, streams claim-check events and summarizes the box', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: { ...readerRules(world), ...claimReaderRules() } });
    const events: RunEventBody[] = [];
    const verdict = await runCheck(
      checkInput(model, sources, {
        trust,
        answerBox: box,
        emit: (event) => events.push(event),
        params: { maxCalls: 14 },
      }),
    );
    expect(model.calls.length).toBeLessThanOrEqual(14);
    expect(model.count('claims')).toBe(1);
    expect(model.count('claim-evidence')).toBeGreaterThan(0);
    expect(verdict.claimCheck?.claims).toHaveLength(4);
    expect(verdict.answerBoxCheck?.status).toBe('unverified');
    expect(verdict.answerBoxCheck?.explanation).toMatch(
      /Of 4 claims in the ai overview: 2 supported, 1 disputed, 1 not found/,
    );
    expect(events.filter((event) => event.type === 'claim-check').length).toBeGreaterThan(1);
    expect(verdict.usage.calls).toBe(model.calls.length);
  });

  it('a contradicted claim makes the box contradicted; no box, no claim check', async () => {
    const { sources, box } = scene();
    const trust = trustFrom({ 'history.edu': 0.2, 'archive.gov': 0.9, 'museum.org': 0.9 });
    const model = scriptedModel({ rules: { ...readerRules(world), ...claimReaderRules() } });
    const verdict = await runCheck(checkInput(model, sources, { trust, answerBox: box }));
    expect(verdict.answerBoxCheck?.status).toBe('contradicted');
    const none = await runCheck(checkInput(model, sources, { trust }));
    expect(none.claimCheck).toBeUndefined();
    expect(none.answerBoxCheck).toBeUndefined();
  });

  it('"Check the AI answer" alone makes only claim-check calls', async () => {
    const { sources, trust, box } = scene();
    const model = scriptedModel({ rules: claimReaderRules() });
    const verdict = await runCheck(checkInput(model, sources, { trust, answerBox: box, method: 'claims' }));
    expect(new Set(model.calls.map((call) => call.task))).toEqual(new Set(['claims', 'claim-evidence']));
    expect(verdict).toMatchObject({ method: 'claims', answers: [], finalAnswer: null });
    expect(verdict.claimCheck?.claims).toHaveLength(4);
    await expect(runCheck(checkInput(model, sources, { trust, method: 'claims' }))).rejects.toThrow(/no answer/);
  });
});

describe('the check’s own answer', () => {
  it('is checked claim by claim when it is longer than a short answer, and not when it is short', async () => {
    const { sources, trust } = scene();
    const long =
      'The tower is 330 metres tall. It opened to visitors in 1889. Gustave Eiffel company designed the tower, which attracts crowds every summer.';
    const rules: Rules = { ...claimReaderRules(), norag: () => ({ answers: [long], confidence: 0.9 }) };
    const model = scriptedModel({ rules });
    const verdict = await runCheck(checkInput(model, sources, { trust, method: 'norag' }));
    // The answer as the panel shows it (the pipeline's normal form) is what gets marked.
    expect(verdict.answerCheck?.boxText).toBe(verdict.finalAnswer);
    expect(verdict.answerCheck?.boxKind).toBe('consolidated-answer');
    expect(verdict.answerCheck?.claims.length).toBeGreaterThan(0);
    expect(verdict.answerCheck?.claims.every((claim) => claim.outcome !== 'pending')).toBe(true);
    expect(verdict.usage.calls).toBe(model.calls.length);
    const short = scriptedModel({ rules: { ...rules, norag: () => ({ answers: ['1889'], confidence: 0.9 }) } });
    const plain = await runCheck(checkInput(short, sources, { trust, method: 'norag' }));
    expect(plain.answerCheck).toBeUndefined();
    expect(short.calls).toHaveLength(1);
  });
});
