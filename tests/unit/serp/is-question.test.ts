import { describe, expect, it } from 'vitest';
import { isQuestion } from '@/lib/serp/is-question';

describe('isQuestion', () => {
  it.each([
    'how tall is mount everest',
    'Does caffeine affect sleep',
    'cancer deaths per year in the usa',
    'boiling point of water at altitude',
    'react vs vue',
    'javascript or typescript?',
    'wie hoch ist der Mount Everest',
    'pourquoi le ciel est bleu',
    'cuándo murió Cervantes',
    'сколько лет Земле',
    'Python是什么',
    '富士山の高さはどうですか',
    '김치 효능 무엇',
  ])('asks: %s', (query) => {
    expect(isQuestion(query)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'facebook login',
    'javascript tutorial',
    'react github',
    'www.wikipedia.org',
    'steve jobs',
    'download vlc',
  ])('does not ask: "%s"', (query) => {
    expect(isQuestion(query)).toBe(false);
  });
});
