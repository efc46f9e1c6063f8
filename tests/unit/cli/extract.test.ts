import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SerpCaptureSchema } from '@/lib/core/serp-capture';
import { FIXTURES } from '../helpers/fixtures';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: `${FIXTURES}../..` }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

// Each case starts the CLI in a fresh Node process (tsx compiles on start): seconds, more on a busy machine.
describe('factcheck extract', { timeout: 60_000 }, () => {
  it('prints a valid SerpCapture for a Google page', async () => {
    const { code, stdout } = await cli(
      'extract',
      '--url',
      'https://www.google.com/search?q=react+github',
      '--html',
      `${FIXTURES}serp/google/google-2025-10-rendered-react-github.html`,
    );
    expect(code).toBe(0);
    const capture = SerpCaptureSchema.parse(JSON.parse(stdout));
    expect(capture.engine).toBe('google');
    expect(capture.results[0]?.domain).toBe('github.com');
  });

  it('exits 2 with a one-line reason for an unsupported page', async () => {
    const { code, stderr } = await cli('extract', '--url', 'https://example.com/', '--html', 'x.html');
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/unsupported page/);
  });

  it('exits 2 when an option is missing', async () => {
    const { code, stderr } = await cli('extract', '--url', 'https://www.google.com/search?q=x');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--html/);
  });
});
