import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/fixtures';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: `${FIXTURES}../..` }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('factcheck reliability', { timeout: 60_000 }, () => {
  it('prints estimated reliability and answers', async () => {
    const { code, stdout } = await cli('reliability', '--responses', `${FIXTURES}bench/responses.json`);
    expect(code).toBe(0);
    const output = JSON.parse(stdout) as { reliability: Record<string, number>; answers: Record<string, string> };
    expect(output.answers).toEqual({ q1: 'Paris', q2: '1963', q3: 'Canberra', q4: 'IDK' });
    expect(output.reliability['good.org']).toBeGreaterThan(output.reliability['spam.biz'] ?? 1);
  });

  it('exits 2 with a one-line reason on bad input', async () => {
    const { code, stderr } = await cli('reliability', '--responses', `${FIXTURES}bench/ramdocs-test-first20.jsonl`);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    const missing = await cli('reliability');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--responses/);
  });
});
