import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { estimateReliability } from '../../lib/trust/estimator';
import { UsageError } from '../errors';
import { parseOptions } from '../options';

const ResponsesFileSchema = z.object({
  queries: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      responses: z.record(z.string(), z.string()),
      /** Optional: the answer a person judged right ("" = every answer wrong). */
      label: z.string().optional(),
    }),
  ),
});

const ReliabilityOptions = z.object({
  responses: z.string({ message: '--responses <file.json> is required' }).min(1),
  'max-scale': z.coerce.number().int().positive().optional(),
  'label-weight': z.coerce.number().positive().optional(),
});

/**
 * `reliability --responses <file.json>`: RA-RAG's iterative estimation on recorded keyword answers.
 * Prints { reliability: { source: 0..1 }, answers: { id: answer or IDK } } (plus evidence and iterations).
 */
export async function reliability(argv: string[]) {
  let values: unknown;
  try {
    values = parseArgs({
      args: argv,
      options: { responses: { type: 'string' }, 'max-scale': { type: 'string' }, 'label-weight': { type: 'string' } },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const options = parseOptions(ReliabilityOptions, values);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(options.responses, 'utf8'));
  } catch {
    throw new UsageError(`--responses: cannot read JSON from ${options.responses}`);
  }
  const parsed = ResponsesFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(
      '--responses: expected { "queries": [ { "id": "...", "responses": { "<source>": "<answer or IDK>" } } ] }',
    );
  }
  const estimate = estimateReliability(
    parsed.data.queries.map((query) => ({
      id: query.id,
      responses: query.responses,
      ...(query.label !== undefined ? { label: query.label } : {}),
    })),
    {
      ...(options['max-scale'] ? { maxScale: options['max-scale'] } : {}),
      ...(options['label-weight'] ? { labelWeight: options['label-weight'] } : {}),
    },
  );
  return {
    reliability: estimate.reliability,
    answers: estimate.answers,
    evidence: estimate.evidence,
    iterations: estimate.iterations,
  };
}
