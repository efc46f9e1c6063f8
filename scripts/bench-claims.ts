import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { checkClaims } from '../lib/claims/check-claims';
import { claimsPerCall } from '../lib/claims/plan';
import type { ClaimCheck } from '../lib/core/claim-check';
import { MethodParamsSchema } from '../lib/core/settings';
import type { ChatModel } from '../lib/llm/chat-model';
import { RunLedger } from '../lib/pipeline/ledger';
import { captureWith } from '../lib/serp/capture';
import { adapterForPage } from '../lib/serp/registry';
import { NEUTRAL_TRUST } from '../lib/trust/types';
import { claimReaderRules } from '../tests/unit/helpers/claim-reader';
import { scriptedModel } from '../tests/unit/helpers/scripted-model';

/**
 * Calls, tokens and time of one claim check: the saved Google AI Overview (6 claims once split) on its
 * 10 results, through the real prompts, parser and ledger, for each batch size, on two backends
 * simulated from the tokens of each call:
 *   one-slot: a local model serving one request at a time (WebLLM), prefill PREFILL tok/s, decode DECODE tok/s;
 *   parallel: a provider serving 8 calls at once, LATENCY ms per call, prefill and decode at provider speed.
 * Tokens are counted as characters / 4 (the scripted model's count). TIME_SCALE shrinks the sleeps.
 */

const PAGE = 'tests/fixtures/serp/google/google-2025-02-ai-overview-cancer-deaths.html';
const URL_OF_PAGE = 'https://www.google.com/search?q=cancer+deaths+per+year+in+the+usa';
const SCALE = Number(process.env.TIME_SCALE ?? 0.02);

interface Backend {
  name: string;
  slots: number;
  local: boolean;
  /** Simulated milliseconds for one call. */
  latency(promptTokens: number, completionTokens: number): number;
}

const BACKENDS: Backend[] = [
  {
    name: 'one-slot (local, 600 tok/s prefill, 25 tok/s decode)',
    slots: 1,
    local: true,
    latency: (prompt, completion) => (prompt / 600 + completion / 25) * 1000,
  },
  {
    name: 'parallel (provider, 8 at once, 400 ms + 4000 tok/s prefill + 80 tok/s decode)',
    slots: 8,
    local: false,
    latency: (prompt, completion) => 400 + (prompt / 4000 + completion / 80) * 1000,
  },
];

function timedModel(backend: Backend): ChatModel {
  const inner = scriptedModel({ rules: claimReaderRules(), maxConcurrency: 64 });
  let busyUntil = 0;
  return {
    id: `bench:${backend.name}`,
    maxConcurrency: backend.slots,
    supportsJsonSchema: false,
    local: backend.local,
    async generate(request) {
      const result = await inner.generate(request);
      const ms = backend.latency(result.usage.promptTokens, result.usage.completionTokens);
      // One slot: a call waits for the one before it even if a caller sends it early.
      const start = backend.slots === 1 ? Math.max(Date.now(), busyUntil) : Date.now();
      busyUntil = start + ms * SCALE;
      await new Promise((resolve) => setTimeout(resolve, busyUntil - Date.now()));
      return { text: result.text, usage: { ...result.usage, ms } };
    },
  };
}

async function measure(backend: Backend, perCall: number) {
  const doc = parseHTML(readFileSync(PAGE, 'utf8')).document as unknown as Document;
  const url = new URL(URL_OF_PAGE);
  const adapter = adapterForPage(url, doc);
  if (!adapter) throw new Error('no adapter for the bench page');
  const capture = captureWith(adapter, doc, url);
  if (!capture.answerBox) throw new Error('the bench page has no answer box');
  const model = timedModel(backend);
  const ledger = new RunLedger({ model, params: MethodParamsSchema.parse({}) });
  const start = Date.now();
  let firstClaimMs: number | null = null;
  const onUpdate = (check: ClaimCheck) => {
    if (firstClaimMs === null && check.claims.some((claim) => claim.outcome !== 'pending')) {
      firstClaimMs = (Date.now() - start) / SCALE;
    }
  };
  const check = await checkClaims({
    question: capture.query,
    box: capture.answerBox,
    sources: capture.results,
    trust: () => NEUTRAL_TRUST,
    ledger,
    claimsPerCall: perCall,
    onUpdate,
  });
  return {
    claims: check.claims.length,
    results: capture.results.length,
    calls: check.usage.calls,
    promptTokens: check.usage.promptTokens,
    completionTokens: check.usage.completionTokens,
    firstClaimS: ((firstClaimMs ?? 0) / 1000).toFixed(1),
    totalS: ((Date.now() - start) / SCALE / 1000).toFixed(1),
  };
}

for (const backend of BACKENDS) {
  console.log(`\n${backend.name}  (chosen: ${claimsPerCall({ maxConcurrency: backend.slots }, 6)} claims per call)`);
  console.log('claims/call  claims  results  calls  prompt tok  completion tok  first claim s  all claims s');
  for (const perCall of [1, 2, 3, 6]) {
    const row = await measure(backend, perCall);
    console.log(
      [
        String(perCall).padStart(11),
        String(row.claims).padStart(6),
        String(row.results).padStart(7),
        String(row.calls).padStart(5),
        String(row.promptTokens).padStart(10),
        String(row.completionTokens).padStart(14),
        row.firstClaimS.padStart(13),
        row.totalS.padStart(12),
      ].join('  '),
    );
  }
}
