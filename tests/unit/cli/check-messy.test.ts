import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
import { SCENARIOS, verdictKey } from '../pipeline/messy-matrix';

/**
 * `factcheck check` against a local OpenAI-compatible server that answers in each messy form, through
 * the real provider code (HTTP, streaming, structured-output request): every method must give the
 * clean form's verdict or fail with a clear malformed-output error.
 */

const dir = mkdtempSync(join(tmpdir(), 'factcheck-messy-'));
const METHODS = ['norag', 'concat', 'astute', 'madam', 'auto'] as const;

function scenarioFiles(index: number) {
  const scenario = SCENARIOS[index];
  if (!scenario) throw new Error(`no scenario ${index}`);
  const sources = scenario.sources().map((entry) => ({ url: entry.url, title: entry.title, snippet: entry.snippet }));
  const sourcesFile = join(dir, `sources-${index}.json`);
  writeFileSync(sourcesFile, JSON.stringify(sources));
  const args = ['--question', scenario.question, '--sources', sourcesFile];
  if (scenario.trust) {
    const trust = Object.fromEntries(sources.map((entry) => [new URL(entry.url).hostname.replace(/^www\./, ''), 0]));
    for (const domain of Object.keys(trust)) trust[domain] = scenario.trust(domain).reliability;
    const trustFile = join(dir, `trust-${index}.json`);
    writeFileSync(trustFile, JSON.stringify(trust));
    args.push('--trust', trustFile);
  }
  return { scenario, args };
}

async function outcome(args: string[], baseUrl: string, method: string) {
  try {
    const verdict = await check([...args, '--base-url', baseUrl, '--model', 'test', '--method', method]);
    return verdictKey(VerdictSchema.parse(verdict));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'malformed-output') return 'clear error';
    throw error;
  }
}

describe('factcheck check against a server answering in every messy form', { timeout: 240_000 }, () => {
  // The issue's own case (what is the capital of France, answered "Paris") and a misinformation minority.
  for (const index of [0, 1]) {
    it(`${SCENARIOS[index]?.name}: every method × every form`, async () => {
      const { scenario, args } = scenarioFiles(index);
      const cleanServer = await serveOpenAiCompatible(readerRules(scenario.world));
      const clean: Record<string, string> = {};
      try {
        for (const method of METHODS) clean[method] = await outcome(args, cleanServer.baseUrl, method);
        // What went on the wire: the schema as response_format, on every request.
        expect(cleanServer.bodies.length).toBeGreaterThan(0);
        for (const body of cleanServer.bodies) {
          expect((body.response_format as { type?: string } | undefined)?.type).toBe('json_schema');
        }
      } finally {
        await cleanServer.close();
      }
      const wrong: string[] = [];
      for (const form of FORMS.filter((entry) => entry !== 'clean')) {
        const server = await serveOpenAiCompatible(readerRules(scenario.world), { form });
        try {
          for (const method of METHODS) {
            const key = await outcome(args, server.baseUrl, method);
            if (key !== clean[method] && key !== 'clear error') wrong.push(`${form} × ${method}: ${key}`);
          }
        } finally {
          await server.close();
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a server that refuses json_schema: the same verdicts, asked again with the schema in the prompt', async () => {
    const { scenario, args } = scenarioFiles(0);
    const server = await serveOpenAiCompatible(readerRules(scenario.world), { rejectJsonSchema: true });
    try {
      const key = await outcome(args, server.baseUrl, 'auto');
      expect(JSON.parse(key).answers).toEqual(['paris']);
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
    const { scenario, args } = scenarioFiles(0);
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
