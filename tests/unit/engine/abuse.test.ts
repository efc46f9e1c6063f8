import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '@/lib/engine/engine';
import { createModelHost } from '@/lib/llm/host/model-host';
import { memoryArea } from '@/lib/storage/area';
import { fakeServices, noLocalModel, providerSettings } from '../helpers/engine-services';
import { documentReaderRules, serveOpenAiCompatible } from '../helpers/scripted-model';

/** A results page that rewrites its question again and again, with automatic checks on. */
const OWN = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };

let server: Awaited<ReturnType<typeof serveOpenAiCompatible>>;
beforeAll(async () => {
  server = await serveOpenAiCompatible(documentReaderRules((text) => /\b(19\d\d)\b/.exec(text)?.[1]));
});
afterAll(() => server.close());

function engineWith(session = memoryArea()) {
  const { services } = fakeServices({ local: providerSettings(server.baseUrl, { trigger: 'automatic' }), session });
  const finished: string[] = [];
  const engine = createEngine(services, createModelHost(noLocalModel), OWN, async (_id, capture) => {
    finished.push(capture.query);
  });
  return { engine, session, finished };
}

const reading = (url: string, question: string, answerBox?: string) => ({
  type: 'page-reading',
  engine: 'searxng',
  url,
  reading: {
    query: question,
    results: [
      { title: 'Wikipedia', url: 'https://en.wikipedia.org/wiki/X', snippet: 'It happened in 1963.' },
      { title: 'Britannica', url: 'https://www.britannica.com/X', snippet: 'It happened in 1963.' },
    ],
    ...(answerBox ? { answerBox: { kind: 'featured-snippet', text: answerBox, sourceUrls: [] } } : {}),
  },
});

describe('pages that try to run the model or fill storage by themselves', () => {
  it('finding 1/6: a page rewriting its question 40 times runs at most 2 automatic checks per tab a minute, and says why', async () => {
    const { engine, session, finished } = engineWith();
    const callsBefore = server.calls.length;
    const url = (n: number) => `http://localhost:8888/search?q=question+${n}`;
    const page = (n: number) => engine.contentMessage(reading(url(n), `When did event ${n} happen?`), 3, url(n));
    for (let n = 0; n < 40; n++) await page(n);
    const status = async () => ((await session.get('run:3'))['run:3'] as { status?: string } | undefined)?.status;
    await expect.poll(status, { timeout: 10_000 }).not.toBe('running');
    await page(41);
    const snapshot = (await session.get('run:3'))['run:3'] as {
      events: { type: string; error?: { code: string; message: string } }[];
    };
    const refusal = snapshot.events.find((event) => event.type === 'error');
    expect(refusal?.error?.code).toBe('check-limit');
    expect(refusal?.error?.message).toMatch(/limited to 2 a minute per tab and 30 an hour/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished.length).toBeLessThanOrEqual(2);
    // The model was asked for two checks' worth of calls, not forty.
    const calls = server.calls.length - callsBefore;
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(2 * 12);
  });

  it('finding 6: a restart of the engine (its document closed) does not give the page a fresh allowance', async () => {
    const session = memoryArea();
    const first = engineWith(session);
    const url = (n: number) => `http://localhost:8888/search?q=restart+${n}`;
    const page = (engine: typeof first.engine, n: number) =>
      engine.contentMessage(reading(url(n), `When did restart ${n} happen?`), 4, url(n));
    for (let n = 0; n < 3; n++) await page(first.engine, n);
    const status = async () => ((await session.get('run:4'))['run:4'] as { status?: string } | undefined)?.status;
    await expect.poll(status, { timeout: 10_000 }).not.toBe('running');
    // The browser closes the engine's document; a new engine starts on the same storage.session.
    const second = engineWith(session);
    await page(second.engine, 10);
    const snapshot = (await session.get('run:4'))['run:4'] as {
      events: { type: string; error?: { code: string } }[];
    };
    expect(snapshot.events.find((event) => event.type === 'error')?.error?.code).toBe('check-limit');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(first.finished.length + second.finished.length).toBeLessThanOrEqual(2);
  });

  it('finding 7: a 10 MB answer box and endless URLs cannot fill storage.session: one tab stays within its budget', async () => {
    const { engine, session } = engineWith();
    const huge = 'x'.repeat(10_000_000);
    const long = `https://www.google.com/search?q=${'a'.repeat(100_000)}`;
    await engine.contentMessage(
      reading('https://www.google.com/search?q=a', 'q', huge),
      5,
      'https://www.google.com/search?q=a',
    );
    await engine.contentMessage(reading(long, 'q'), 6, long);
    const stored = await session.get(null);
    const size = JSON.stringify(stored['capture:5'] ?? null).length;
    expect(size).toBeLessThan(250_000);
    expect(stored['capture:6']).toBeUndefined();
  });
});
