import type { Source } from '../core/source';
import { hostIs } from './url';

const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'vimeo.com', 'dailymotion.com', 'bilibili.com', 'tiktok.com'];
const FORUM_HOSTS = [
  'reddit.com',
  'quora.com',
  'stackoverflow.com',
  'stackexchange.com',
  'superuser.com',
  'serverfault.com',
  'news.ycombinator.com',
  'zhihu.com',
  'tieba.baidu.com',
];

/** What a result is, by its destination: videos and forums weigh differently as evidence. */
export function kindOf(url: string): NonNullable<Source['kind']> {
  const host = new URL(url).hostname;
  if (VIDEO_HOSTS.some((domain) => hostIs(host, domain))) return 'video';
  if (FORUM_HOSTS.some((domain) => hostIs(host, domain))) return 'forum';
  return 'organic';
}
