import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerCard } from '@/components/panel/AnswerCard';
import { CheckList } from '@/components/panel/CheckList';
import { ConflictCard } from '@/components/panel/ConflictCard';
import { ErrorCard } from '@/components/panel/ErrorCard';
import { ProgressView } from '@/components/panel/ProgressView';
import { TrustBar } from '@/components/panel/TrustBar';
import { VerdictView } from '@/components/panel/VerdictView';
import type { RunEvent } from '@/lib/core/run-event';
import type { Verdict } from '@/lib/core/verdict';
import { toCheckRecord } from '@/lib/history/entry';
import { applyReview } from '@/lib/trust/reviews';
import type { TrustRow } from '@/lib/trust/table';
import { applyEvent, idleRun } from '@/lib/ui/run-view';
import { loadVerdict, sourcesFor } from '../helpers/verdicts';

const noop = () => undefined;
const review = { busyId: null, errors: {}, onReview: noop };
/** Visible text only: tags dropped, entities decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function verdictMarkup(name: Parameters<typeof loadVerdict>[0], rows: Record<string, TrustRow> = {}) {
  const verdict = loadVerdict(name);
  return renderToStaticMarkup(
    <VerdictView verdict={verdict} final sources={sourcesFor(verdict)} rows={rows} review={review} onOverride={noop} />,
  );
}

describe('answer card', () => {
  it('answered: the answer, the strategy in words, the confidence and the answer-box check', () => {
    const html = renderToStaticMarkup(<AnswerCard verdict={loadVerdict('answered')} final />);
    expect(text(html)).toContain('Canberra');
    expect(text(html)).toContain('Answered from the sources and the model’s memory, which agree');
    expect(text(html)).toContain('94%');
    expect(text(html)).toContain('The engine’s own answer: supported.');
    expect(html).toContain('data-strategy="all"');
  });

  it('refusal: says plainly that nothing settles it, still shows what was found', () => {
    const html = verdictMarkup('refusal');
    expect(text(html)).toContain('The sources and the model do not settle this.');
    expect(text(html)).toContain('Refused: neither the sources nor the model’s memory is reliable enough here');
    expect(text(html)).toContain('Gives an answer');
    expect(text(html)).not.toContain('Supports the answer');
    expect(html).not.toContain('data-testid="answer"');
    // What was found: both sides of the unclear conflict, and every source.
    expect(text(html)).toContain('No, moderate coffee is not harmful');
    expect(text(html)).toContain('Yes, it raises blood pressure');
    expect(html.match(/data-testid="assessed-source"/g)).toHaveLength(3);
    expect(html).toContain('data-kind="unclear"');
  });

  it('refusal without a conflict still lists what was found', () => {
    const refusal = loadVerdict('refusal');
    const lone = { ...refusal, conflicts: [], groups: refusal.groups.slice(0, 1) };
    const html = renderToStaticMarkup(
      <VerdictView verdict={lone} final sources={sourcesFor(lone)} rows={{}} review={review} />,
    );
    expect(text(html)).toContain('What was found');
    expect(html.match(/data-testid="found-claim"/g)).toHaveLength(1);
    expect(text(html)).toMatch(/No, moderate coffee is not harmful · 50% confident.*harvard\.edu/);
    // With the conflict card present, the same claims are not listed twice.
    expect(verdictMarkup('refusal')).not.toContain('data-testid="found-claims"');
  });

  it('marks a partial verdict as still being checked', () => {
    const html = renderToStaticMarkup(<AnswerCard verdict={loadVerdict('answered')} final={false} />);
    expect(text(html)).toContain('still checking');
    expect(html).toContain('aria-busy="true"');
  });
});

describe('ambiguous question', () => {
  it('lists each valid answer with its own sources, and the ambiguity conflict', () => {
    const html = verdictMarkup('ambiguity');
    expect(html.match(/data-testid="valid-answer"/g)).toHaveLength(2);
    expect(text(html)).toContain('Each valid answer and its sources');
    expect(text(html)).toContain('Brooklyn, New York · Ypsilanti, Michigan');
    expect(text(html)).toMatch(/Brooklyn, New York.*nba\.com.*wikipedia\.org.*Ypsilanti, Michigan.*berkeley\.edu/);
    expect(html).toContain('data-kind="ambiguity"');
    expect(text(html)).toContain('Both sides may be right');
  });
});

describe('conflict card', () => {
  const verdict = loadVerdict('misinformation');
  const conflict = verdict.conflicts[0];
  if (!conflict) throw new Error('fixture has a conflict');

  it('misinformation: both sides with their sources, the kind, and four review buttons', () => {
    const html = renderToStaticMarkup(<ConflictCard conflict={conflict} verdict={verdict} onReview={noop} />);
    expect(text(html)).toContain('Misinformation');
    expect(text(html)).toMatch(/Side A Mary Shelley.*britannica\.com.*Side B Percy Bysshe Shelley.*example\.net/);
    for (const label of ['A is right', 'B is right', 'Both valid', 'Neither']) expect(text(html)).toContain(label);
    expect(html.match(/aria-pressed="true"/g)).toBeNull();
  });

  it('shows the person’s resolution and presses the chosen button', () => {
    const reviewed = applyReview(verdict, 'c1', 'a', '2026-11-22T00:00:00.000Z');
    const html = renderToStaticMarkup(
      <ConflictCard conflict={reviewed.conflicts[0] ?? conflict} verdict={reviewed} onReview={noop} />,
    );
    expect(text(html)).toContain('You marked A as right.');
    expect(html).toMatch(
      /aria-pressed="true"[^>]*data-testid="review-c1-a"|data-testid="review-c1-a"[^>]*aria-pressed="true"/,
    );
  });

  it('renders snippets and model output as text, never as markup', () => {
    const html = verdictMarkup('misinformation');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;');
    expect(text(html)).toContain('<img src=x onerror="alert(1)">');
  });
});

describe('sources and trust', () => {
  it('shows stance, trust and the evidence behind it; new sites say so', () => {
    const rows: Record<string, TrustRow> = {
      'britannica.com': {
        domain: 'britannica.com',
        reliability: 0.8,
        rating: null,
        estimated: 0.8,
        evidence: { answered: 3, agreed: 3, reviewed: 1 },
        override: null,
        blocked: false,
        lastSeen: null,
      },
      'gutenberg.org': {
        domain: 'gutenberg.org',
        reliability: 0.5,
        rating: null,
        estimated: 0.5,
        evidence: { answered: 0, agreed: 0, reviewed: 0 },
        override: null,
        blocked: false,
        lastSeen: null,
      },
    };
    const html = verdictMarkup('misinformation', rows);
    expect(text(html)).toContain('80% high · not rated · 3 checks agree · 1 review');
    expect(text(html)).toContain('50% medium · new site: no evidence yet');
    // Before the store answers, the number is the one the check used.
    expect(text(html)).toContain('82% high · as weighed in this check');
    expect(text(html)).toContain('Contradicts the answer');
    expect(html).toContain('data-stance="contradicts"');
    expect(html.match(/data-testid="override-blocked"/g)).toHaveLength(5);
  });

  it('says an override is the person’s', () => {
    const row: TrustRow = {
      domain: 'x.org',
      reliability: 0,
      rating: null,
      estimated: 0.6,
      evidence: { answered: 2, agreed: 1, reviewed: 0 },
      override: { kind: 'blocked' },
      blocked: true,
      lastSeen: null,
    };
    expect(text(renderToStaticMarkup(<TrustBar domain="x.org" reliability={0.6} row={row} />))).toContain(
      '0% blocked · Blocked by you',
    );
  });
});

describe('progress and errors', () => {
  it('lists stages with timings, the streamed text, and the model download with cancel', () => {
    const events: RunEvent[] = [
      { runId: 'r', at: 0, type: 'started', question: 'q', engine: 'google', method: 'auto' },
      { runId: 'r', at: 10, type: 'stage', stage: 'model-load', status: 'started' },
      { runId: 'r', at: 20, type: 'model-progress', progress: 0.3, text: 'Fetching param shards 30%' },
      { runId: 'r', at: 30, type: 'stage', stage: 'fast-answer', status: 'finished', ms: 1500 },
      { runId: 'r', at: 40, type: 'token', stage: 'fast-answer', text: '<b>Mary</b> Shelley' },
    ];
    const view = events.reduce(applyEvent, idleRun);
    const html = renderToStaticMarkup(<ProgressView view={view} onCancel={noop} />);
    expect(text(html)).toContain('Loading the model');
    expect(text(html)).toContain('1.5 s');
    expect(text(html)).toContain('Preparing the local model: 30%');
    expect(html).toContain('data-testid="cancel-download"');
    expect(html).toContain('&lt;b&gt;Mary&lt;/b&gt; Shelley');
  });

  it('error: says what happened and what to do, with the right button', () => {
    const retry = renderToStaticMarkup(
      <ErrorCard
        error={{ code: 'rate-limited', message: 'HTTP 429', retryable: true }}
        onRetry={noop}
        onOpenSettings={noop}
      />,
    );
    expect(text(retry)).toContain('Too many requests');
    expect(text(retry)).toContain('Wait a moment and retry.');
    expect(retry).toContain('data-testid="retry"');
    expect(retry).toContain('role="alert"');
    const settings = renderToStaticMarkup(
      <ErrorCard error={{ code: 'bad-key', message: '401', retryable: false }} onRetry={noop} onOpenSettings={noop} />,
    );
    expect(text(settings)).toContain('Check the key for your provider in the settings.');
    expect(settings).toContain('data-testid="open-settings"');
  });
});

describe('the list of past checks', () => {
  const record = (verdict: Verdict) =>
    toCheckRecord(
      'c1',
      {
        engine: 'google',
        query: verdict.question,
        url: 'https://www.google.com/search?q=x',
        capturedAt: '2026-11-22T00:00:00.000Z',
        results: sourcesFor(verdict),
        extraction: 'selectors',
      },
      verdict,
    );

  it('lists "Check the AI answer" by what it found of the engine’s answer, not as a refusal', () => {
    const answered = loadVerdict('answered');
    const claimsOnly: Verdict = {
      ...answered,
      method: 'claims',
      strategy: 'refuse',
      answers: [],
      finalAnswer: null,
      answerBoxCheck: { status: 'contradicted', explanation: 'Of 6 claims in the ai overview: 1 contradicted.' },
    };
    const html = renderToStaticMarkup(<CheckList records={[record(answered), record(claimsOnly)]} onOpen={noop} />);
    const items = text(html);
    expect(items).toContain('Canberra');
    expect(items).toContain('The engine’s own answer: contradicted.');
    expect(items.match(/do not settle this/g) ?? []).toHaveLength(0);
  });
});
