import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Source } from '@/lib/core/source';
import { type Verdict, VerdictSchema } from '@/lib/core/verdict';

export const VERDICT_FIXTURES = ['answered', 'ambiguity', 'misinformation', 'outdated', 'refusal'] as const;
export type VerdictFixture = (typeof VERDICT_FIXTURES)[number];

const DIR = join(import.meta.dirname, '../../fixtures/verdicts');

/** A recorded verdict, checked against the schema so a stale fixture fails loudly. */
export function loadVerdict(name: VerdictFixture): Verdict {
  return VerdictSchema.parse(JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')));
}

/** Captured results matching a verdict's sources, with titles and snippets (one carrying markup). */
export function sourcesFor(verdict: Verdict): Source[] {
  return verdict.sources.map((assessment, index) => ({
    id: assessment.sourceId,
    rank: index + 1,
    url: assessment.url,
    domain: assessment.domain,
    title: `Result about ${verdict.question} on ${assessment.domain}`,
    snippet:
      index === 0
        ? 'A snippet with <img src=x onerror="alert(1)"> markup that must stay text.'
        : `Snippet ${index + 1}`,
  }));
}

/** A verdict in which each site (in rank order) gave the answer named: what the trust store learns from. */
export function verdictOfAnswers(question: string, answers: Record<string, string>): Verdict {
  return {
    question,
    method: 'madam',
    strategy: 'external',
    answers: [],
    finalAnswer: null,
    explanation: '',
    confidence: 0.5,
    groups: [],
    conflicts: [],
    sources: Object.entries(answers).map(([domain, answer], index) => ({
      sourceId: `r${index + 1}`,
      url: `https://${domain}/page-${index + 1}`,
      domain,
      stance: 'supports' as const,
      groupId: null,
      trust: 0.5,
      answer,
    })),
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, ms: 0 },
  };
}
