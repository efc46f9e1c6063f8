import { describe, expect, it } from 'vitest';
import { toolbarReporter } from '@/lib/engine/toolbar';
import { memoryArea } from '@/lib/storage/area';
import { fakeServices } from '../helpers/engine-services';
import { loadVerdict } from '../helpers/verdicts';

function services(session = memoryArea()) {
  const { services: apis, toolbar: drawn } = fakeServices({ session });
  return { apis, drawn };
}

const showing = (query: string) => ({
  'capture:3': {
    capture: {
      engine: 'google',
      query,
      url: 'https://www.google.com/search?q=x',
      capturedAt: '2026-11-22T10:00:00.000Z',
      results: [],
      extraction: 'selectors',
    },
    failure: null,
  },
});

describe('the toolbar state of a tab’s runs', () => {
  it('draws the outcome only while the tab still shows the question the run checked', async () => {
    const { apis, drawn } = services(memoryArea(showing('who wrote frankenstein')));
    const toolbar = toolbarReporter(apis);
    await toolbar.finished(3, 'who wrote frankenstein', { verdict: loadVerdict('misinformation') });
    await toolbar.finished(3, 'who wrote frankenstein', { failed: true });
    await toolbar.finished(3, 'who wrote frankenstein', { cancelled: true });
    await toolbar.finished(3, 'an older question', { verdict: loadVerdict('answered') });
    expect(drawn).toEqual([
      [3, 'disputed'],
      [3, 'error'],
      [3, 'none'],
    ]);
  });

  it('never throws: a capture that cannot be read, or a button that cannot be drawn, says nothing', async () => {
    const broken = { ...memoryArea(), get: async () => Promise.reject(new Error('worker gone')) };
    const { apis, drawn } = services(broken);
    await expect(toolbarReporter(apis).finished(3, 'q', { failed: true })).resolves.toBeUndefined();
    expect(drawn).toEqual([]);
    const failing = { ...apis, showToolbarState: async () => Promise.reject(new Error('no tab')) };
    await expect(toolbarReporter(failing).checking(3)).resolves.toBeUndefined();
  });
});
