import type { AnswerBox } from '../core/serp-capture';
import type { Source } from '../core/source';

/** What an adapter reads off a page before ids, domains and timestamps are stamped on. */
export interface RawResult {
  title: string;
  url: string;
  snippet: string;
  kind?: Source['kind'];
  /** The result's container in the page, for drawing badges. Never sent over messaging. */
  element?: Element;
}

export interface PageReading {
  query: string;
  results: RawResult[];
  answerBox?: AnswerBox;
  /** How the results were found: the engine's known markup, or the structural fallback. */
  extraction?: 'selectors' | 'fallback';
}

export interface ReadOptions {
  /** False skips the engine's known selectors, as if its markup had drifted; tests the fallback. */
  selectors?: boolean;
}

/**
 * One search engine. Pure: reads a Document, never fetches, stores or calls browser APIs.
 * `matchPatterns` are the pages the content script is registered for.
 */
export interface SerpAdapter {
  readonly engine: string;
  readonly label: string;
  readonly matchPatterns: readonly string[];
  /** True for result pages of this engine (not its home page or settings). */
  matches(url: URL): boolean;
  /** Engines found by page structure on any host (SearXNG) have this; their `matches` only says "could be". */
  recognizes?(doc: Document): boolean;
  /**
   * Reads the page: the engine's known markup first, the structural fallback when that finds nothing.
   * Null when the page holds no results; throws PageBlockedError for a bot check.
   */
  read(doc: Document, url: URL, options?: ReadOptions): PageReading | null;
}
