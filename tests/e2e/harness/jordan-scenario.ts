import type { World } from '../../unit/pipeline/builders';

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
