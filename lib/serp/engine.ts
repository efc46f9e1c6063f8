import type { AnswerBox } from '../core/serp-capture';
import type { PageReading, RawResult, SerpAdapter } from './adapter';
import { readByStructure, type StructureHints } from './fallback';
import { kindOf } from './kind';
import { PageBlockedError } from './page-blocked';

/** What one engine module declares; `defineEngine` adds the fallback and the bot-check handling. */
export interface EngineSpec extends StructureHints {
  engine: string;
  label: string;
  matchPatterns: readonly string[];
  matches(url: URL): boolean;
  query(doc: Document, url: URL): string;
  /** The organic results by the engine's known markup, in rank order, ads left out. */
  results(doc: Document, url: URL): RawResult[];
  answerBox?(doc: Document, url: URL): AnswerBox | undefined;
  /** Why the page holds no results (a bot check, a consent wall), or null for a results page. */
  blocked?(doc: Document): string | null;
  /** For engines found by structure rather than address: false when the page is not this engine's. */
  recognizes?(doc: Document): boolean;
}

export function defineEngine(spec: EngineSpec): SerpAdapter {
  return {
    engine: spec.engine,
    label: spec.label,
    matchPatterns: spec.matchPatterns,
    matches: spec.matches,
    ...(spec.recognizes ? { recognizes: spec.recognizes } : {}),
    read(doc, url, options = {}): PageReading | null {
      if (spec.recognizes && !spec.recognizes(doc)) return null;
      const reason = spec.blocked?.(doc);
      if (reason) throw new PageBlockedError(reason);
      const useSelectors = options.selectors !== false;
      let results = useSelectors ? spec.results(doc, url) : [];
      let extraction: PageReading['extraction'] = 'selectors';
      if (results.length === 0) {
        results = readByStructure(doc, url, spec);
        extraction = 'fallback';
      }
      const answerBox = useSelectors ? spec.answerBox?.(doc, url) : undefined;
      if (results.length === 0 && !answerBox) return null;
      const kinded = results.map((result) => (result.kind ? result : { ...result, kind: kindOf(result.url) }));
      return { query: spec.query(doc, url), results: kinded, ...(answerBox ? { answerBox } : {}), extraction };
    },
  };
}
