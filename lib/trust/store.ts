import { FactCheckError } from '../core/errors';
import type { ReviewChoice, Verdict } from '../core/verdict';
import type { StorageArea } from '../storage/area';
import { defineItem } from '../storage/versioned-item';
import { normalizeAnswer, questionKey, responsesOf } from './answers';
import { trustKey } from './domain';
import { estimateReliability, type Standing } from './estimator';
import { priorOf, publishedRating } from './prior';
import { labelsOf, type ReviewLabel, reviewLabel, withReview } from './reviews';
import {
  type EstimateCache,
  emptyTrustState,
  MAX_KEY_CHARS,
  type Override,
  type SeenOn,
  type StoredQuestion,
  TRUST_EXPORT_FORMAT,
  type TrustExport,
  TrustExportSchema,
  type TrustState,
  TrustStateSchema,
} from './state';
import { domainTrustOf, rowOf, type TrustRow, trustRows, trustRowsFor } from './table';
import { type EstimationQuestion, IDK, type OverrideKind, type ReliabilityEstimate, type TrustLookup } from './types';

/** The estimation set keeps the latest checks; reviewed ones are kept before unreviewed ones. */
export const MAX_QUESTIONS = 500;
export const TRUST_VERSION = 1;

/** A trust file larger than this is refused before it is parsed. */
export const MAX_IMPORT_CHARS = 5_000_000;

export type Estimator = (questions: EstimationQuestion[], context: EstimationContext) => ReliabilityEstimate;

/** What the store knows beside the answers: which sites were ever seen on a built-in engine. */
export interface EstimationContext {
  seenOnEngine: ReadonlySet<string>;
}

export interface OverrideInput {
  kind: OverrideKind;
  weight?: number;
}

export interface ReviewInput {
  checkId: string;
  /** The check's verdict: its groups and sources say which answers each side stands for. */
  verdict: Verdict;
  conflictId: string;
  choice: ReviewChoice;
  at: string;
  /** Where the check's results came from, for a check that has to be rebuilt from its verdict (default: engine). */
  seenOn?: SeenOn;
}

export interface ImportSummary {
  questions: number;
  overrides: number;
}

export interface LabelledQuestion {
  id: string;
  /** The same labelled question asked again (in another check) has the same key and replaces it. */
  key?: string;
  at: string;
  responses: Record<string, string>;
  label: ReviewLabel;
  /** Where the labelled results came from: a claim of a search instance's page leaves its sites unseen. */
  seenOn?: SeenOn;
}

export interface TrustStore {
  /** A snapshot lookup for one run: overrides first, then estimates, then the neutral prior. */
  lookup(): Promise<TrustLookup>;
  /**
   * Adds the run's per-source answers as one question and re-estimates; atomic. The same question
   * checked again replaces its earlier record (it counts once). `seenOn` says whether the results
   * came from a built-in engine or a search instance the person added (default: engine).
   */
  recordVerdict(verdict: Verdict, checkId: string, seenOn?: SeenOn): Promise<void>;
  /** Labels the check's question with the person's judgement of one conflict and re-estimates; atomic. */
  recordReview(review: ReviewInput): Promise<void>;
  /** Adds (or replaces) a question a person labelled directly, such as a reviewed claim; atomic. */
  recordLabelledQuestion(question: LabelledQuestion): Promise<void>;
  /** Every known site, with its evidence and override. */
  table(): Promise<TrustRow[]>;
  /** Rows for the given sites (neutral rows with zero evidence for unknown ones). */
  rows(domains: readonly string[]): Promise<Record<string, TrustRow>>;
  /** Sets (or with null removes) the person's override for a site. */
  setOverride(domain: string, override: OverrideInput | null): Promise<TrustRow>;
  /** Forgets one site (its answers and override), or everything. */
  reset(domain?: string): Promise<void>;
  exportJson(now?: Date): Promise<string>;
  /** Validates the whole file first: a bad file changes nothing. Merges by default. */
  importJson(text: string, mode?: 'merge' | 'replace'): Promise<ImportSummary>;
}

export function toEstimationQuestion(question: StoredQuestion): EstimationQuestion {
  const labels = labelsOf(question.reviews);
  return { id: question.id, responses: question.responses, ...(labels ?? {}) };
}

/** Sites that answered at least once in a check on a built-in engine (not a custom instance). */
export function seenOnEngine(questions: readonly StoredQuestion[]): Set<string> {
  const seen = new Set<string>();
  for (const question of questions) {
    if (question.seenOn === 'custom') continue;
    for (const domain of Object.keys(question.responses)) seen.add(domain);
  }
  return seen;
}

function estimate(questions: readonly StoredQuestion[], estimator: Estimator): EstimateCache {
  if (questions.length === 0) return { reliability: {}, evidence: {} };
  const result = estimator(questions.map(toEstimationQuestion), { seenOnEngine: seenOnEngine(questions) });
  return { reliability: { ...result.reliability }, evidence: { ...result.evidence } };
}

/**
 * The extension's estimator: RA-RAG's iteration, each site starting from its published rating (or
 * neutral), votes weighed by log-odds, and sites never seen on a built-in engine unable to outvote
 * rated ones.
 */
export const priorAwareEstimator: Estimator = (questions, { seenOnEngine: seen }) =>
  estimateReliability(questions, {
    priors: priorOf,
    weighting: 'log-odds',
    standing: (source): Standing => (publishedRating(source) !== null ? 'rated' : seen.has(source) ? 'seen' : 'unseen'),
  });

/** A site key fit to store: normalised by the one site-key function, hostname characters only. */
function storableKey(raw: string): string | null {
  const key = trustKey(raw);
  return key && key.length <= MAX_KEY_CHARS && /^[\p{L}\p{N}.-]+$/u.test(key) ? key : null;
}

/** An imported question with its site keys normalised ("WWW.Wikipedia.ORG" is wikipedia.org). */
function normalisedQuestion(question: StoredQuestion): StoredQuestion {
  const responses = new Map<string, string>();
  for (const [domain, answer] of Object.entries(question.responses)) {
    const key = storableKey(domain);
    if (key && !responses.has(key)) responses.set(key, normalizeAnswer(answer));
  }
  return { ...question, responses: Object.fromEntries(responses) };
}

function normalisedOverrides(overrides: Record<string, Override>): Record<string, Override> {
  const out = new Map<string, Override>();
  for (const [domain, override] of Object.entries(overrides)) {
    const key = storableKey(domain);
    if (key) out.set(key, override);
  }
  return Object.fromEntries(out);
}

/** Whether any site gave an answer (IDK is none). */
const answered = (responses: Record<string, string>) => Object.values(responses).some((answer) => answer !== IDK);

/** Keeps at most MAX_QUESTIONS: drops the oldest unreviewed first, then the oldest reviewed. */
export function bounded(questions: readonly StoredQuestion[]): StoredQuestion[] {
  const overflow = questions.length - MAX_QUESTIONS;
  if (overflow <= 0) return [...questions];
  const byAge = [...questions].sort((a, b) => a.at.localeCompare(b.at));
  const dropped = new Set(
    [...byAge.filter((q) => q.reviews.length === 0), ...byAge.filter((q) => q.reviews.length > 0)]
      .slice(0, overflow)
      .map((q) => q.id),
  );
  return questions.filter((q) => !dropped.has(q.id));
}

function withQuestions(state: TrustState, questions: StoredQuestion[], estimator: Estimator): TrustState {
  const kept = bounded(questions);
  return { ...state, questions: kept, estimate: estimate(kept, estimator) };
}

function validOverride(input: OverrideInput, at: string): Override {
  if (input.kind === 'custom') {
    if (input.weight === undefined || !(input.weight >= 0 && input.weight <= 1)) {
      throw new FactCheckError('bad-input', 'A custom weight must be a number between 0 and 1.');
    }
    return { kind: 'custom', weight: input.weight, at };
  }
  return { kind: input.kind, at };
}

function parseExport(text: string): TrustExport {
  if (text.length > MAX_IMPORT_CHARS) {
    throw new FactCheckError(
      'bad-input',
      `This file is larger than ${MAX_IMPORT_CHARS / 1_000_000} MB, more than any trust export. Nothing was imported.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new FactCheckError('bad-input', 'This file is not JSON. Nothing was imported.');
  }
  const parsed = TrustExportSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new FactCheckError(
      'bad-input',
      `This is not a site-trust export of this extension (${issue?.message ?? 'invalid'}${where}). Nothing was imported.`,
    );
  }
  const questions = parsed.data.questions.map(normalisedQuestion).filter((q) => Object.keys(q.responses).length > 0);
  return { ...parsed.data, questions, overrides: normalisedOverrides(parsed.data.overrides) };
}

/** Per-site reliability kept in storage.local: one versioned item, every change a single atomic update. */
export function createTrustStore(area: StorageArea, estimator: Estimator): TrustStore {
  const item = defineItem(area, {
    key: 'trust',
    schema: TrustStateSchema,
    version: TRUST_VERSION,
    fallback: emptyTrustState,
  });
  const nowIso = () => new Date().toISOString();

  return {
    async lookup() {
      const state = await item.get();
      const rows = new Map(trustRows(state).map((row) => [row.domain, row]));
      return (domain) => {
        const key = trustKey(domain);
        const row = rows.get(key) ?? rows.get(domain);
        return domainTrustOf(row ?? rowOf(state, key, null));
      };
    },

    async recordVerdict(verdict, checkId, seenOn = 'engine') {
      const responses = responsesOf(verdict);
      if (Object.keys(responses).length === 0) return;
      const key = questionKey(verdict.question);
      const same = (q: StoredQuestion) => q.id === checkId || (key !== '' && q.key === key);
      await item.update((state) => {
        const previous = state.questions.filter(same);
        // A check in which no site answered (the AI answer checked alone, the model's memory alone) adds
        // no evidence: it must not replace an earlier check of the same question in which sites did.
        if (!answered(responses) && previous.some((q) => answered(q.responses))) return state;
        const question: StoredQuestion = {
          id: checkId,
          at: nowIso(),
          ...(key ? { key } : {}),
          // Seen on an engine once is seen: a later check on a custom instance does not undo it.
          seenOn: seenOn === 'engine' || previous.some((q) => q.seenOn !== 'custom') ? 'engine' : 'custom',
          responses,
          reviews: previous.flatMap((q) => q.reviews).slice(-50),
        };
        return withQuestions(state, [...state.questions.filter((q) => !same(q)), question], estimator);
      });
    },

    async recordReview({ checkId, verdict, conflictId, choice, at, seenOn }) {
      const label = reviewLabel(verdict, conflictId, choice, at);
      await item.update((state) => {
        // The check may have left the bounded set (or never entered it): rebuild it from the verdict.
        const previous = state.questions.find((q) => q.id === checkId) ?? {
          id: checkId,
          at,
          ...(seenOn === 'custom' ? { seenOn } : {}),
          responses: responsesOf(verdict),
          reviews: [],
        };
        const question = { ...previous, reviews: withReview(previous.reviews, label) };
        return withQuestions(state, [...state.questions.filter((q) => q.id !== checkId), question], estimator);
      });
    },

    async recordLabelledQuestion({ id, key, at, responses, label, seenOn }) {
      if (Object.keys(responses).length === 0) return;
      const same = (q: StoredQuestion) => q.id === id || (key !== undefined && key !== '' && q.key === key);
      await item.update((state) => {
        // Seen on an engine once is seen: the same claim reviewed again on a custom instance does not undo it.
        const seenOnEngine = state.questions.some((q) => same(q) && q.seenOn !== 'custom');
        const kept = seenOn === 'custom' && seenOnEngine ? undefined : seenOn;
        const question: StoredQuestion = {
          id,
          at,
          ...(key ? { key } : {}),
          ...(kept ? { seenOn: kept } : {}),
          responses,
          reviews: [label],
        };
        return withQuestions(state, [...state.questions.filter((q) => !same(q)), question], estimator);
      });
    },

    table: async () => trustRows(await item.get()),

    rows: async (domains) => trustRowsFor(await item.get(), domains.map(trustKey)),

    async setOverride(domain, input) {
      const key = storableKey(domain);
      if (!key) throw new FactCheckError('bad-input', 'Give a site such as example.org.');
      const override = input ? validOverride(input, nowIso()) : null;
      const state = await item.update((current) => {
        const { [key]: _removed, ...others } = current.overrides;
        return { ...current, overrides: override ? { ...others, [key]: override } : others };
      });
      const row = trustRowsFor(state, [key])[key];
      if (!row) throw new FactCheckError('internal', 'The override was saved but could not be read back.');
      return row;
    },

    async reset(domain) {
      if (domain === undefined) {
        await item.set(emptyTrustState());
        return;
      }
      const key = trustKey(domain);
      await item.update((state) => {
        const { [key]: _removed, ...overrides } = state.overrides;
        const questions = state.questions
          .map((q) => {
            const { [key]: _answer, ...responses } = q.responses;
            return { ...q, responses };
          })
          .filter((q) => Object.keys(q.responses).length > 0);
        return withQuestions({ ...state, overrides }, questions, estimator);
      });
    },

    async exportJson(now = new Date()) {
      const state = await item.get();
      const file: TrustExport = {
        format: TRUST_EXPORT_FORMAT,
        version: 1,
        exportedAt: now.toISOString(),
        questions: state.questions,
        overrides: state.overrides,
      };
      return JSON.stringify(file, null, 2);
    },

    async importJson(text, mode = 'merge') {
      const file = parseExport(text);
      await item.update((state) => {
        const base = mode === 'replace' ? emptyTrustState() : state;
        const imported = new Set(file.questions.map((q) => q.id));
        const questions = [...base.questions.filter((q) => !imported.has(q.id)), ...file.questions];
        return withQuestions({ ...base, overrides: { ...base.overrides, ...file.overrides } }, questions, estimator);
      });
      return { questions: file.questions.length, overrides: Object.keys(file.overrides).length };
    },
  };
}

const stores = new WeakMap<StorageArea, TrustStore>();

/**
 * The extension's trust store, estimating with the RA-RAG procedure. One instance per storage area,
 * so every caller in a context shares one queue of updates and no write overtakes another.
 */
export function trustStore(area: StorageArea): TrustStore {
  let store = stores.get(area);
  if (!store) {
    store = createTrustStore(area, priorAwareEstimator);
    stores.set(area, store);
  }
  return store;
}
