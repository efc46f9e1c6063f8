/**
 * The conformance corpus (tests/fixtures/serp-corpus, origins in its index.json and SOURCES.md): real saved
 * pages with the organic results and answer box other projects' approved parsers read off them. Every page
 * goes through the real adapter and is compared with its truth. Used by conformance.test.ts (the gate) and
 * scripts/bench-conformance.ts (the same table with the failing pages).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { z } from 'zod';
import type { PageReading, ReadOptions } from '@/lib/serp/adapter';
import { PageBlockedError } from '@/lib/serp/page-blocked';
import { adapterForPage } from '@/lib/serp/registry';

export const CORPUS_DIR = fileURLToPath(new URL('../../fixtures/serp-corpus/', import.meta.url));

/** Titles are the same text when their bigram similarity reaches this (truncation marks and case aside). */
export const TITLE_SIMILARITY = 0.9;
/** Snippets are the same text when their bigram similarity reaches this (dates, "..." and spacing differ). */
export const SNIPPET_SIMILARITY = 0.8;
/** Share of pages with results that must be read fully correctly. */
export const PAGE_THRESHOLD = 0.95;
/** Google pages from this year on must all be read fully correctly. */
export const RECENT_GOOGLE_YEAR = 2023;

const TruthResult = z.object({ url: z.string(), title: z.string(), snippet: z.string() });
const CorpusEntry = z.object({
  page: z.string(),
  engine: z.string(),
  url: z.url(),
  captured: z.string(),
  origin: z.object({ repository: z.string(), path: z.string(), commit: z.string(), license: z.string() }),
  truth_from: z.string(),
  expect: z.enum(['results', 'none']),
  results: z.array(TruthResult),
  answerBox: z.object({ kind: z.string(), text: z.string() }).nullable(),
});
export type CorpusEntry = z.infer<typeof CorpusEntry>;

export function loadCorpus(): CorpusEntry[] {
  return z.array(CorpusEntry).parse(JSON.parse(readFileSync(`${CORPUS_DIR}index.json`, 'utf8')));
}

export function corpusDocument(entry: CorpusEntry): Document {
  const html = gunzipSync(readFileSync(`${CORPUS_DIR}${entry.page}`)).toString('utf8');
  return parseHTML(html).document as unknown as Document;
}

/**
 * Where a link leads: the truth keeps some engines' redirect links as the page had them (Google's /url?q=,
 * Bing's /ck/a?u=a1…, DuckDuckGo's /l/?uddg=, Yahoo's /RU=…/), so those are unwrapped here, independently of
 * the adapters.
 */
export function unwrapRedirect(url: URL): URL {
  const host = url.hostname.replace(/^www\./, '');
  const param = (name: string) => url.searchParams.get(name);
  let target: string | null = null;
  if (/^google\.[a-z.]+$/.test(host) && url.pathname === '/url') target = param('q') ?? param('url');
  else if (/duckduckgo\.com$/.test(host) && url.pathname === '/l/') target = param('uddg');
  else if (host === 'r.search.yahoo.com') target = /\/RU=([^/]+)\//.exec(url.pathname)?.[1] ?? null;
  else if (/(^|\.)bing\.com$/.test(host) && url.pathname === '/ck/a') {
    const wrapped = param('u');
    if (wrapped?.startsWith('a1')) target = Buffer.from(wrapped.slice(2), 'base64url').toString('utf8');
  }
  if (!target) return url;
  try {
    return new URL(safeDecode(target));
  } catch {
    return url;
  }
}

/** Destination identity: host without www, path without a trailing slash, query; scheme and fragment ignored. */
export function destinationKey(url: string): string {
  try {
    const parsed = unwrapRedirect(new URL(url));
    const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
    const path = safeDecode(parsed.pathname).replace(/\/+$/, '');
    return `${host}${path}${safeDecode(parsed.search)}`;
  } catch {
    return url.trim();
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Case, punctuation, ellipses and spacing aside. */
function normalized(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Dice coefficient of character bigrams on normalized text: 1 for the same text, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const left = normalized(a);
  const right = normalized(b);
  if (left === right) return 1;
  if (left.length < 2 || right.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < left.length - 1; i++) {
    const gram = left.slice(i, i + 2);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < right.length - 1; i++) {
    const gram = right.slice(i, i + 2);
    const count = counts.get(gram) ?? 0;
    if (count > 0) {
      shared++;
      counts.set(gram, count - 1);
    }
  }
  return (2 * shared) / (left.length - 1 + right.length - 1);
}

/** Ad click hosts and paths across engines: a result pointing here is an ad, whatever its markup says. */
const AD_URL =
  /^https?:\/\/([\w-]+\.)*(googleadservices\.com|doubleclick\.net|r\.msn\.com|bing\.com\/aclick|duckduckgo\.com\/y\.js|e\.baidu\.com)/;

export interface PageScore {
  entry: CorpusEntry;
  correct: boolean;
  /** Why not, one line each; empty when correct. */
  problems: string[];
  read: number;
}

/** Reads one corpus page with the real adapter (as the content script would) and compares it with its truth. */
export function scorePage(entry: CorpusEntry, options: ReadOptions = {}): PageScore {
  const url = new URL(entry.url);
  const doc = corpusDocument(entry);
  const adapter = adapterForPage(url, doc);
  let reading: PageReading | null = null;
  let refusal: string | null = null;
  if (!adapter) refusal = 'no adapter';
  else {
    try {
      reading = adapter.read(doc, url, options);
      if (!reading || reading.results.length === 0) refusal = 'no results';
    } catch (error) {
      refusal = error instanceof PageBlockedError ? `blocked: ${error.message}` : `error: ${String(error)}`;
    }
  }
  const problems: string[] = [];
  const results = reading?.results ?? [];
  if (entry.expect === 'none') {
    if (!refusal) problems.push(`read ${results.length} results from a page with none`);
    else if (refusal.startsWith('error')) problems.push(refusal);
    return { entry, correct: problems.length === 0, problems, read: results.length };
  }
  if (refusal) problems.push(`refused: ${refusal}`);
  for (const result of results) if (AD_URL.test(result.url)) problems.push(`ad read as a result: ${result.url}`);
  const truth = entry.results;
  const count = Math.max(truth.length, results.length);
  for (let i = 0; i < count; i++) {
    const want = truth[i];
    const got = results[i];
    if (!want) {
      problems.push(`#${i + 1} extra: ${got?.url}`);
      continue;
    }
    if (!got) {
      problems.push(`#${i + 1} missing: ${want.url}`);
      continue;
    }
    if (destinationKey(want.url) !== destinationKey(got.url)) {
      problems.push(`#${i + 1} url ${got.url} ≠ ${want.url}`);
      continue;
    }
    if (similarity(want.title, got.title) < TITLE_SIMILARITY)
      problems.push(`#${i + 1} title "${got.title}" ≠ "${want.title}"`);
    if (hasSnippet(want) && similarity(want.snippet, got.snippet) < SNIPPET_SIMILARITY)
      problems.push(`#${i + 1} snippet "${clip(got.snippet)}" ≠ "${clip(want.snippet)}"`);
  }
  if (entry.answerBox && reading?.answerBox?.kind !== entry.answerBox.kind)
    problems.push(`answer box ${reading?.answerBox?.kind ?? 'none'} ≠ ${entry.answerBox.kind}`);
  return { entry, correct: problems.length === 0, problems, read: results.length };
}

/**
 * Whether a truth result states a snippet. archive-query-log leaves it empty where its parser read none, and
 * fills it with the title where the page shows no text under the link (a featured snippet's source): neither
 * is a snippet, so such a result is compared by destination and title only.
 */
function hasSnippet(truth: { title: string; snippet: string }): boolean {
  return truth.snippet.trim() !== '' && similarity(truth.snippet, truth.title) < TITLE_SIMILARITY;
}

function clip(text: string): string {
  return text.length > 70 ? `${text.slice(0, 70)}…` : text;
}

export const isRecentGoogle = (entry: CorpusEntry) =>
  entry.engine === 'google' && Number(entry.captured.slice(0, 4)) >= RECENT_GOOGLE_YEAR;

export interface EngineRow {
  engine: string;
  withResults: number;
  correct: number;
  none: number;
  refused: number;
}

export function tableOf(scores: readonly PageScore[]): EngineRow[] {
  const rows = new Map<string, EngineRow>();
  for (const { entry, correct } of scores) {
    const row = rows.get(entry.engine) ?? { engine: entry.engine, withResults: 0, correct: 0, none: 0, refused: 0 };
    if (entry.expect === 'none') {
      row.none++;
      if (correct) row.refused++;
    } else {
      row.withResults++;
      if (correct) row.correct++;
    }
    rows.set(entry.engine, row);
  }
  return [...rows.values()].sort((a, b) => b.withResults + b.none - (a.withResults + a.none));
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((100 * part) / whole)} %`);

/** The per-engine table as text, with the totals and the recent-Google line. */
export function formatTable(scores: readonly PageScore[]): string {
  const rows = tableOf(scores);
  const lines = [
    'engine       pages with results  fully correct        expect:none refused',
    ...rows.map(
      (row) =>
        `${row.engine.padEnd(12)} ${String(row.withResults).padStart(18)}  ${`${row.correct} (${percent(row.correct, row.withResults)})`.padEnd(19)}  ${row.none === 0 ? '—' : `${row.refused}/${row.none}`}`,
    ),
  ];
  const withResults = scores.filter((s) => s.entry.expect === 'results');
  const none = scores.filter((s) => s.entry.expect === 'none');
  const recent = scores.filter((s) => isRecentGoogle(s.entry));
  const ok = (list: readonly PageScore[]) => list.filter((s) => s.correct).length;
  lines.push(
    `${'all'.padEnd(12)} ${String(withResults.length).padStart(18)}  ${`${ok(withResults)} (${percent(ok(withResults), withResults.length)})`.padEnd(19)}  ${ok(none)}/${none.length}`,
    `google ${RECENT_GOOGLE_YEAR}+: ${ok(recent)}/${recent.length} fully correct`,
    `(title similarity ≥ ${TITLE_SIMILARITY}, snippet similarity ≥ ${SNIPPET_SIMILARITY}, bigram Dice on normalized text;`,
    ' a truth result whose snippet is empty or its title again is compared by destination and title only)',
  );
  return lines.join('\n');
}
