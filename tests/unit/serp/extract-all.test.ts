import { describe, expect, it } from 'vitest';
import { extract } from '@/cli/commands/extract';
import { SerpCaptureSchema } from '@/lib/core/serp-capture';
import { FIXTURE_PAGES } from '../../fixtures/serp/pages';
import { FIXTURES } from '../helpers/fixtures';

/** `factcheck extract` in-process (the spawned CLI is tested in tests/unit/cli), on one page of every engine. */
describe('factcheck extract, every engine', () => {
  const pages = FIXTURE_PAGES.filter((page) => !page.negative);
  it.each(pages)('$file', async ({ file, url }) => {
    const capture = SerpCaptureSchema.parse(await extract(['--url', url, '--html', `${FIXTURES}serp/${file}`]));
    expect(capture.results.length).toBeGreaterThan(0);
    expect(capture.url).toBe(new URL(url).href);
  });

  it.each(FIXTURE_PAGES.filter((page) => page.negative))('$file fails with a reason', async ({ file, url }) => {
    await expect(extract(['--url', url, '--html', `${FIXTURES}serp/${file}`])).rejects.toThrow(/bot/);
  });
});
