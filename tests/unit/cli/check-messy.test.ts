import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { check } from '@/cli/commands/check';
import { VerdictSchema } from '@/lib/core/verdict';
import { FIXTURES } from '../helpers/fixtures';
import { FORMS } from '../helpers/messy-forms';
import { serveOpenAiCompatible } from '../helpers/scripted-model';
import { readerRules } from '../pipeline/builders';
import { runCliMatrix, SCENARIOS, scenarioArgs } from '../pipeline/messy-matrix';

/**
 * `factcheck check` against a local OpenAI-compatible server that answers in each messy form, through
 * the real provider code (HTTP, streaming, structured-output request): every method must give the
 * clean form's verdict or fail with a clear malformed-output error.
 */

const dir = mkdtempSync(join(tmpdir(), 'factcheck-messy-cli-'));

describe('factcheck check against a server answering in every messy form', { timeout: 240_000 }, () => {
  it('the capital of France (the issue’s case) and a misinformation minority: every method × every form', async () => {
    const rows = await runCliMatrix(
      FORMS.filter((form) => form !== 'clean'),
      SCENARIOS.slice(0, 2),
    );
    expect(rows).toHaveLength(2 * 5 * (FORMS.length - 1));
    const wrong = rows.filter((row) => row.result === 'wrong');
    expect(wrong.map((row) => `${row.scenario} | ${row.method} | ${row.form}: ${row.detail}`)).toEqual([]);
  });

  it('the schema goes on the wire as response_format on every request', async () => {
    const scenario = SCENARIOS[0];
    if (!scenario) throw new Error('no scenario');
    const server = await serveOpenAiCompatible(readerRules(scenario.world));
    try {
      await check([...scenarioArgs(scenario, dir, 'wire'), '--base-url', server.baseUrl, '--model', 'test']);
      expect(server.bodies.length).toBe(5); // the default run: 1 first reading + 4 keyword answers
      for (const body of server.bodies) {
        const format = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
        expect(format?.type).toBe('json_schema');
        expect(format?.json_schema?.schema).toHaveProperty('properties');
      }
    } finally {
      await server.close();
    }
  });

  it('a server that refuses json_schema: the same verdicts, asked again with the schema in the prompt', async () => {
    const scenario = SCENARIOS[0];
    if (!scenario) throw new Error('no scenario');
    const server = await serveOpenAiCompatible(readerRules(scenario.world), { rejectJsonSchema: true });
    try {
      const verdict = await check([
        ...scenarioArgs(scenario, dir, 'refused'),
        '--base-url',
        server.baseUrl,
        '--model',
        'refusing-server',
      ]);
      expect(verdict.answers).toEqual(['Paris']);
      const withSchema = server.bodies.filter((body) => body.response_format !== undefined);
      // Each request sent with the schema before the first refusal came back is refused and asked
      // again without; the endpoint is remembered, so the later ones go without at once.
      expect(withSchema.length).toBeGreaterThanOrEqual(1);
      expect(server.bodies.length).toBe(server.calls.length + withSchema.length);
      const lastWithSchema = server.bodies.findLastIndex((body) => body.response_format !== undefined);
      expect(lastWithSchema).toBeLessThan(withSchema.length + 2);
      expect(server.bodies.length).toBeGreaterThan(lastWithSchema + 2);
    } finally {
      await server.close();
    }
  });

  it('the issue’s reproduction as a person runs it: markdown labels, through the real CLI process', async () => {
    const scenario = SCENARIOS[0];
    if (!scenario) throw new Error('no scenario');
    const args = scenarioArgs(scenario, dir, 'process');
    const server = await serveOpenAiCompatible(readerRules(scenario.world), { form: 'markdown-labels' });
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'cli/main.ts', 'check', ...args, '--base-url', server.baseUrl, '--model', 'test'],
        { cwd: `${FIXTURES}../..` },
      );
      const verdict = VerdictSchema.parse(JSON.parse(stdout));
      expect(verdict.answers).toEqual(['Paris']);
      expect(verdict.finalAnswer).toBe('Paris');
    } finally {
      await server.close();
    }
  });
});
