import type { Form } from '../../unit/helpers/messy-forms';
import type { World } from '../../unit/pipeline/builders';
import { type ExtensionSession, launchExtension } from './extension';
import { startHttpServer } from './http-server';
import { htmlRoute, startHttpsServer } from './https-server';
import { openAiCompatibleRoute, type RecordedRequest } from './model-server';
import { readerResponder } from './scripted-responder';
import { pointAtLocalServer } from './settings';
import { syntheticGooglePage } from './synthetic-serp';

export const QUESTION = 'when was michael jordan born';
/** Four sources agree, one planted source disagrees: a misinformation conflict to review. */
export const RESULTS = [
  {
    url: 'https://www.nba.com/history/legends/profiles/michael-jordan',
    title: 'Michael Jordan | NBA.com',
    snippet: 'Michael Jordan was born on February 17, 1963 in Brooklyn, New York.',
  },
  {
    url: 'https://en.wikipedia.org/wiki/Michael_Jordan',
    title: 'Michael Jordan - Wikipedia',
    snippet: 'Michael Jeffrey Jordan (born February 17, 1963) is an American former professional basketball player.',
  },
  {
    url: 'https://www.espn.com/nba/player/_/id/1035/michael-jordan',
    title: 'Michael Jordan Stats - ESPN',
    snippet: 'Born in 1963, Jordan grew up in Wilmington, North Carolina.',
  },
  {
    url: 'https://www.fake-facts.net/jordan',
    title: 'Shocking Jordan facts',
    snippet: 'Michael Jordan was born in 1998 at Cumberland Hospital.',
  },
  {
    url: 'https://www.biography.com/athletes/michael-jordan',
    title: 'Michael Jordan: Biography',
    snippet: 'Jordan was born February 17, 1963.',
  },
];

/** What the scripted model "knows": it remembers 1963, and reads 1963 or 1998 from the sources. */
export const JORDAN_WORLD: World = { memory: { answer: '1963', confidence: 0.8 }, candidates: ['1963', '1998'] };

export const JORDAN_HOST = 'www.google.com';
export const JORDAN_SEARCH_URL = `https://${JORDAN_HOST}/search?q=${encodeURIComponent(QUESTION)}`;

export interface JordanScenario {
  session: ExtensionSession;
  /** Every request the scripted model server received. */
  modelRequests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * The results page served at Google's address, a scripted OpenAI-compatible model server on
 * loopback (answering after `delayMs`), and Chromium with the extension pointed at that server.
 */
export async function startJordanScenario(
  options: { delayMs?: number; forms?: readonly Form[] } = {},
): Promise<JordanScenario> {
  const modelRequests: RecordedRequest[] = [];
  const serp = await startHttpsServer(
    [JORDAN_HOST],
    [htmlRoute(JORDAN_HOST, '/search', () => syntheticGooglePage(QUESTION, RESULTS))],
  );
  const modelServer = await startHttpServer([
    openAiCompatibleRoute({
      host: '127.0.0.1',
      respond: readerResponder(JORDAN_WORLD, options.forms),
      log: modelRequests,
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
    }),
  ]);
  const session = await launchExtension({ hosts: [JORDAN_HOST], port: serp.port });
  await pointAtLocalServer(session, modelServer.port);
  return {
    session,
    modelRequests,
    async close() {
      await session.close();
      await serp.close();
      await modelServer.close();
    },
  };
}
