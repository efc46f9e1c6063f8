import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { check } from '@/cli/commands/check';
import { exitCodeFor } from '@/cli/errors';
import { VerdictSchema } from '@/lib/core/verdict';
import { FIXTURES } from '../helpers/fixtures';
import { scriptedModel, scriptedModelCli, serveOpenAiCompatible } from '../helpers/scripted-model';
import { readerRules } from '../pipeline/builders';

const dir = mkdtempSync(join(tmpdir(), 'factcheck-check-'));
const sourcesFile = join(dir, 'sources.json');
writeFileSync(
  sourcesFile,
  JSON.stringify([
    { url: 'https://www.nba.com/jordan', title: 'Jordan', snippet: 'Jordan was born in 1963.' },
    { url: 'https://en.wikipedia.org/wiki/Jordan', title: 'Michael Jordan', snippet: 'Born 1963 in Brooklyn.' },
    { url: 'https://www.espn.com/jordan', title: 'Bio', snippet: 'His birth year: 1963.' },
    { url: 'https://fake.net/x', title: 'Facts', snippet: 'Jordan was born in 1998.' },
  ]),
);
const world = { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1998'] };
const base = [
  '--question',
  'When was Michael Jordan born?',
  '--sources',
  sourcesFile,
  '--base-url',
  'http://localhost:1/v1',
  '--model',
  'm',
];

describe('factcheck check', () => {
  it('prints a Verdict for every method, with registrable domains and the chosen parameters', async () => {
    for (const method of ['norag', 'concat', 'astute', 'madam', 'auto']) {
      const model = scriptedModel({ rules: readerRules(world) });
      const verdict = VerdictSchema.parse(
        await check([...base, '--method', method, '--rounds', '2'], { modelCli: scriptedModelCli(model) }),
      );
      expect(verdict.method).toBe(method);
      expect(verdict.answers).toEqual(['1963']);
      expect(verdict.sources.map((source) => source.domain)).toEqual([
        'nba.com',
        'wikipedia.org',
        'espn.com',
        'fake.net',
      ]);
    }
  });

  it('takes --iterations and --passages for Astute (t = 2: 3 calls)', async () => {
    const model = scriptedModel({ rules: readerRules(world) });
    await check([...base, '--method', 'astute', '--iterations', '2', '--passages', '2'], {
      modelCli: scriptedModelCli(model),
    });
    expect(model.count()).toBe(3);
    expect(model.calls[0]?.request.messages[0]?.content).toMatch(
      /at most 2 short passages, each with different information/,
    );
  });

  it('honours --trust, including blocked sites', async () => {
    const trustFile = join(dir, 'trust.json');
    writeFileSync(trustFile, JSON.stringify({ 'fake.net': 'blocked', 'nba.com': 0.9 }));
    const model = scriptedModel({ rules: readerRules(world) });
    const verdict = await check([...base, '--trust', trustFile], { modelCli: scriptedModelCli(model) });
    expect(model.count('agent')).toBe(3);
    expect(verdict.sources.find((source) => source.domain === 'nba.com')?.trust).toBe(0.9);
  });

  it.each([
    [['--question', 'q', '--base-url', 'x', '--model', 'm'], /--sources/],
    [[...base, '--method', 'magic'], /--method/],
    [[...base, '--rounds', 'many'], /number/],
    [[...base, '--alpha', '1.5', '--beta', '1'], /--alpha/],
    [[...base, '--no-such-option'], /Unknown option/],
    [['--question', 'q', '--sources', join(dir, 'missing.json')], /cannot read/],
  ])('bad input %# exits 2 with a one-line reason', async (argv, reason) => {
    const model = scriptedModel({ rules: readerRules(world) });
    const failure = await check(argv, { modelCli: scriptedModelCli(model) }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(exitCodeFor(failure)).toBe(2);
    expect(failure instanceof Error && failure.message).toMatch(reason);
  });
});

describe('factcheck check against an OpenAI-compatible endpoint', { timeout: 120_000 }, () => {
  it('runs each method through the real provider and prints the Verdict', async () => {
    const server = await serveOpenAiCompatible(readerRules(world));
    try {
      for (const method of ['astute', 'madam', 'auto']) {
        const before = server.calls.length;
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            '--import',
            'tsx',
            'cli/main.ts',
            'check',
            ...base.slice(0, 4),
            '--base-url',
            server.baseUrl,
            '--model',
            'test',
            '--method',
            method,
          ],
          { cwd: `${FIXTURES}../..` },
        );
        const verdict = VerdictSchema.parse(JSON.parse(stdout));
        expect(verdict.answers).toEqual(['1963']);
        expect(verdict.usage.calls).toBe(server.calls.length - before);
        expect(verdict.usage.promptTokens).toBeGreaterThan(0);
      }
    } finally {
      await server.close();
    }
  });
});
