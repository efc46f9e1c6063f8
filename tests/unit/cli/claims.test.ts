import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { claims } from '@/cli/commands/claims';
import { exitCodeFor } from '@/cli/errors';
import { ClaimCheckSchema } from '@/lib/core/claim-check';
import { claimReaderRules } from '../helpers/claim-reader';
import { FIXTURES } from '../helpers/fixtures';
import { scriptedModel, scriptedModelCli, serveOpenAiCompatible } from '../helpers/scripted-model';

const page = [
  '--url',
  'https://www.google.com/search?q=cancer+deaths+per+year+in+the+usa',
  '--html',
  `${FIXTURES}serp/google/google-2025-02-ai-overview-cancer-deaths.html`,
];
const model = ['--base-url', 'http://localhost:1/v1', '--model', 'm'];
const dir = mkdtempSync(join(tmpdir(), 'factcheck-claims-'));
const trustFile = join(dir, 'trust.json');
writeFileSync(trustFile, JSON.stringify({ 'cdc.gov': 0.9, 'cancer.gov': 0.9, 'usafacts.org': 0.2 }));

describe('factcheck claims', () => {
  it('checks the saved Google AI Overview claim by claim against the page’s own results', async () => {
    const scripted = scriptedModel({ rules: claimReaderRules() });
    const output = await claims([...page, ...model, '--trust', trustFile], { modelCli: scriptedModelCli(scripted) });
    const check = ClaimCheckSchema.parse(output);
    expect(output).toMatchObject({ engine: 'google', question: 'cancer deaths per year in the usa' });
    expect(check.boxKind).toBe('ai-overview');
    expect(check.claims.length).toBeGreaterThanOrEqual(4);
    for (const claim of check.claims) {
      expect(check.boxText.slice(claim.span.start, claim.span.end).length).toBeGreaterThan(0);
      expect(claim.outcome).not.toBe('pending');
    }
    // trust reaches the evidence as the given reliabilities
    const domains = check.claims.flatMap((claim) => claim.evidence);
    expect(domains.find((item) => item.domain === 'cdc.gov')?.trust).toBe(0.9);
    expect(domains.find((item) => item.domain === 'usafacts.org')?.trust).toBe(0.2);
    // the box cites cdc.gov/nchs/fastats/cancer.htm, which is result 4 on the page
    expect(check.claims.some((claim) => claim.evidence.some((item) => item.cited))).toBe(true);
    expect(check.usage.calls).toBe(scripted.calls.length);
  });

  it('rejects a page without an answer box and missing options with exit code 2', async () => {
    const scripted = scriptedModelCli(scriptedModel({ rules: claimReaderRules() }));
    const noBox = [
      '--url',
      'https://www.google.com/search?q=tesla+manifesto',
      '--html',
      `${FIXTURES}serp/google/google-2025-02-ai-overview-placeholder-tesla-manifesto.html`,
    ];
    await expect(claims([...model], { modelCli: scripted })).rejects.toSatisfy((error) => exitCodeFor(error) === 2);
    await expect(claims([...noBox, ...model], { modelCli: scripted })).rejects.toThrow(/no answer box/);
    await expect(claims([...noBox, ...model], { modelCli: scripted })).rejects.toSatisfy(
      (error) => exitCodeFor(error) === 2,
    );
  });

  it('runs as a command against a local OpenAI-compatible server', async () => {
    const server = await serveOpenAiCompatible(claimReaderRules());
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'cli/main.ts', 'claims', ...page, '--base-url', server.baseUrl, '--model', 'test'],
        { cwd: `${FIXTURES}../..` },
      );
      const check = ClaimCheckSchema.parse(JSON.parse(stdout));
      expect(check.split).toBe('model');
      expect(check.usage.calls).toBe(server.calls.length);
      expect(server.calls[0]).toBe('claims');
    } finally {
      await server.close();
    }
  });
});
