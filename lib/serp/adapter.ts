import type { AnswerBox } from '../core/serp-capture';
import type { Source } from '../core/source';

/** What an adapter reads off a page before ids, domains and timestamps are stamped on. */
export interface RawResult {
  title: string;
  url: string;
  snippet: string;
  kind?: Source['kind'];
}

export interface PageReading {
  query: string;
  results: RawResult[];
  answerBox?: AnswerBox;
  /** How the results were found: the engine's known markup, or the structural fallback. */
  extraction?: 'selectors' | 'fallback';
}

/**
 * One search engine. Pure: reads a Document, never fetches, stores or calls browser APIs.
 * `hosts` are the match patterns the content script is registered for.
 */
export interface SerpAdapter {
  readonly engine: string;
  readonly label: string;
  readonly matchPatterns: readonly string[];
  /** True for result pages of this engine (not its home page or settings). */
  matches(url: URL): boolean;
  /** Reads the page with the engine's known markup; null when the markup is not there. */
  read(doc: Document, url: URL): PageReading | null;
}
