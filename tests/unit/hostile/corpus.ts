import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FIXTURES } from '../helpers/fixtures';

const CorpusSchema = z.object({
  origin: z.string(),
  items: z.array(z.object({ id: z.string(), category: z.string(), title: z.string(), snippet: z.string() })).min(30),
});
export type HostileItem = z.infer<typeof CorpusSchema>['items'][number];

/** Hostile titles and snippets (tests/fixtures/hostile/corpus.json, hand-written for this project). */
export const HOSTILE: HostileItem[] = CorpusSchema.parse(
  JSON.parse(readFileSync(`${FIXTURES}hostile/corpus.json`, 'utf8')),
).items;
