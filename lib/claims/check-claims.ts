import type { ClaimCheck, ClaimEvidence, ClaimResult } from '../core/claim-check';
import { FactCheckError } from '../core/errors';
import type { AnswerBox } from '../core/serp-capture';
import type { Source } from '../core/source';
import { emptyUsage, type Usage } from '../core/usage';
import type { ChatResult } from '../llm/chat-model';
import type { RunLedger } from '../pipeline/ledger';
import type { TrustLookup } from '../trust/types';
import { citedSourceIds, citedSupport } from './cited';
import { evidencePrompt, type Reading } from './evidence-prompt';
import { weighOutcome } from './outcome';
import { claimsPerCall } from './plan';
import { quoteInSnippet } from './quotes';
import { type Sentence, splitSentences } from './sentences';
import { type SplitClaim, splitPrompt } from './split-prompt';

export const MAX_CLAIMS = 8;
// After the fast answer (0), before the per-source agents (5): the box is what the person reads first.
const PRIORITY = 3;

export interface ClaimCheckInput {
  question: string;
  box: AnswerBox | { kind: 'consolidated-answer'; text: string; sourceUrls: string[] };
  /** The results that may reach a prompt (blocked sites already left out). */
  sources: Source[];
  trust: TrustLookup;
  ledger: RunLedger;
  maxClaims?: number;
  /** Overrides the measured batching (the benchmark compares sizes with it). */
  claimsPerCall?: number;
  /** Called with the whole check each time a claim's outcome is known. */
  onUpdate?: (check: ClaimCheck) => void;
}

const isBudget = (error: unknown) => error instanceof FactCheckError && error.code === 'budget-exceeded';
const isUnreadable = (error: unknown) => error instanceof FactCheckError && error.code === 'malformed-output';

/**
 * Checks the engine's own answer claim by claim: one call splits it into claims (each tied to its
 * sentence), then the most check-worthy claims are read against every result in batches; each
 * claim's outcome is published as soon as its batch is read. Runs inside the run's ledger, so its
 * calls and tokens count against the run's budget; claims the budget cannot cover stay unchecked.
 */
export async function checkClaims(input: ClaimCheckInput): Promise<ClaimCheck> {
  const { box, ledger } = input;
  const usage = emptyUsage();
  const count = (result: ChatResult) => addUsage(usage, result);
  const sentences = splitSentences(box.text);

  const maxClaims = input.maxClaims ?? MAX_CLAIMS;
  // Set aside at once (before the method beside it plans its agents): the split and the most evidence calls.
  const mostEvidenceCalls = Math.ceil(maxClaims / (input.claimsPerCall ?? claimsPerCall(ledger.model, maxClaims)));
  let reserved = ledger.reserve(sentences.length > 0 ? 1 + mostEvidenceCalls : 0);
  const reservedCall = () => {
    if (reserved <= 0) return false;
    reserved--;
    return true;
  };

  // The split costs one call; without room for it and one evidence call, the sentences are the claims.
  let split: ClaimCheck['split'] = 'sentences';
  let found: SplitClaim[] = [];
  try {
    if (reserved >= 2) {
      try {
        const prompt = splitPrompt(ledger.model, input.question, sentences);
        reservedCall();
        const result = await ledger.stage('claims', () =>
          ledger.generate('claims', prompt.request, { priority: PRIORITY, reserved: true }),
        );
        count(result);
        found = prompt.parse(result.text);
        if (found.length > 0) split = 'model';
      } catch (error) {
        if (!isUnreadable(error) && !isBudget(error)) throw error;
      }
    }
    if (found.length === 0) found = sentenceClaims(sentences);
    return await judgeClaims(input, found, split, sentences, usage, reservedCall);
  } finally {
    ledger.release(reserved);
  }
}

async function judgeClaims(
  input: ClaimCheckInput,
  found: SplitClaim[],
  split: ClaimCheck['split'],
  sentences: Sentence[],
  usage: Usage,
  reservedCall: () => boolean,
): Promise<ClaimCheck> {
  const { box, ledger } = input;
  const count = (result: ChatResult) => addUsage(usage, result);
  const sources = input.sources.filter((source) => source.snippet.trim() !== '');
  const maxClaims = input.maxClaims ?? MAX_CLAIMS;
  const ranked = [...found.entries()].sort(([a, x], [b, y]) => y.worth - x.worth || a - b).map(([, claim]) => claim);
  const kept = ranked.slice(0, maxClaims);
  const claims: ClaimResult[] = kept.map((claim, index) => pendingClaim(claim, index, sentences));
  const perCall = Math.max(1, input.claimsPerCall ?? claimsPerCall(ledger.model, claims.length));
  const check = (): ClaimCheck => ({
    boxKind: box.kind,
    boxText: box.text,
    // Shown in the order of the text; checked in the order of worth.
    claims: [...claims].sort((a, b) => a.span.start - b.span.start || a.id.localeCompare(b.id)),
    leftOut: ranked.length - kept.length,
    split,
    claimsPerCall: perCall,
    usage: { ...usage },
  });
  input.onUpdate?.(check());

  const cited = citedSourceIds(box.sourceUrls, sources);
  const batches: number[][] = [];
  for (let start = 0; start < claims.length; start += perCall) {
    batches.push(claims.slice(start, start + perCall).map((_, offset) => start + offset));
  }
  const judge = async (batch: number[]) => {
    if (sources.length === 0) {
      for (const index of batch) settle(claims, index, [], 0, box.sourceUrls, cited);
      return;
    }
    try {
      const prompt = evidencePrompt(
        ledger.model,
        batch.map((index) => claims[index]?.text ?? ''),
        sources,
      );
      const result = await ledger.generate('claim-evidence', prompt.request, {
        priority: PRIORITY,
        reserved: reservedCall(),
      });
      count(result);
      let readings: Reading[] = [];
      try {
        readings = prompt.parse(result.text);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        // Unreadable: these claims stay unchecked rather than "not found".
        for (const index of batch)
          markUnchecked(claims, index, 'The model’s reading of the results could not be read.');
        return;
      }
      batch.forEach((claimIndex, position) => {
        const mine = readings.filter((reading) => reading.claim === position);
        const { evidence, unquoted } = evidenceFrom(mine, sources, input.trust, cited);
        settle(claims, claimIndex, evidence, unquoted, box.sourceUrls, cited);
      });
    } catch (error) {
      if (!isBudget(error)) throw error;
      for (const index of batch)
        markUnchecked(claims, index, `Not checked: ${error instanceof Error ? error.message : ''}`);
    }
    input.onUpdate?.(check());
  };
  if (claims.length > 0) {
    await ledger.stage('claim-evidence', () => Promise.all(batches.map(judge)), `${claims.length} claims`);
  }
  return check();
}

function pendingClaim(claim: SplitClaim, index: number, sentences: Sentence[]): ClaimResult {
  const sentence = sentences[claim.sentence];
  return {
    id: `k${index + 1}`,
    text: claim.text,
    span: { start: sentence?.start ?? 0, end: sentence?.end ?? 0 },
    worth: Math.min(1, Math.max(0, claim.worth)),
    outcome: 'pending',
    weak: false,
    supportWeight: 0,
    contradictWeight: 0,
    evidence: [],
    unquoted: 0,
    cited: 'no-citations',
    explanation: 'Not judged yet.',
  };
}

/** The model's readings that quote their snippet truly, as evidence; the others are only counted. */
export function evidenceFrom(
  readings: Reading[],
  sources: Source[],
  trust: TrustLookup,
  cited: Set<string>,
): { evidence: ClaimEvidence[]; unquoted: number } {
  const evidence: ClaimEvidence[] = [];
  let unquoted = 0;
  const seen = new Set<number>();
  for (const reading of readings) {
    const source = sources[reading.source];
    if (!source || seen.has(reading.source)) continue;
    if (!quoteInSnippet(reading.quote, source.snippet) && !quoteInSnippet(reading.quote, source.title)) {
      unquoted++;
      continue;
    }
    seen.add(reading.source);
    const site = trust(source.domain);
    evidence.push({
      sourceId: source.id,
      url: source.url,
      domain: source.domain,
      stance: reading.stance,
      quote: reading.quote,
      trust: site.reliability,
      unknownSite: site.rating === null && site.evidence === 0 && site.override === null,
      cited: cited.has(source.id),
    });
  }
  return { evidence, unquoted };
}

function settle(
  claims: ClaimResult[],
  index: number,
  evidence: ClaimEvidence[],
  unquoted: number,
  sourceUrls: string[],
  cited: Set<string>,
): void {
  const claim = claims[index];
  if (!claim) return;
  const weighed = weighOutcome(evidence);
  claims[index] = {
    ...claim,
    ...weighed,
    evidence,
    unquoted,
    cited: citedSupport(sourceUrls, cited, evidence),
  };
}

function markUnchecked(claims: ClaimResult[], index: number, explanation: string): void {
  const claim = claims[index];
  if (claim) claims[index] = { ...claim, outcome: 'unchecked', explanation };
}

/** Without the model's split: each sentence with a checkable look is a claim, specific ones first. */
export function sentenceClaims(sentences: Sentence[]): SplitClaim[] {
  return sentences.flatMap((sentence, index) => {
    const words = sentence.text.split(/\s+/).length;
    if (words < 3 || /\?\s*$/.test(sentence.text)) return [];
    const hasNumber = /\d/.test(sentence.text);
    const hasName = /\s\p{Lu}/u.test(sentence.text);
    const hedged = /\b(may|might|could|consult|consider|generally|often|some)\b/i.test(sentence.text);
    const worth = Math.max(0.1, (hasNumber ? 0.8 : hasName ? 0.6 : 0.4) - (hedged ? 0.2 : 0));
    return [{ sentence: index, text: sentence.text, worth }];
  });
}

function addUsage(total: Usage, result: ChatResult): void {
  total.calls++;
  total.promptTokens += Math.max(0, Math.round(result.usage.promptTokens));
  total.completionTokens += Math.max(0, Math.round(result.usage.completionTokens));
  total.ms += Math.max(0, result.usage.ms);
}
