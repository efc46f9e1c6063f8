import { describe, expect, it } from 'vitest';
import { ContentMessageSchema } from '@/lib/messaging/content-messages';

const reading = (results: unknown[]) => ({
  type: 'page-reading',
  engine: 'google',
  url: 'https://www.google.com/search?q=x',
  reading: { query: 'x', results },
});

describe('content messages', () => {
  it('cuts oversize text instead of refusing the page', () => {
    const parsed = ContentMessageSchema.parse(
      reading([{ title: 't'.repeat(50_000), url: 'https://a.example/', snippet: 's'.repeat(1_000_000) }]),
    );
    if (parsed.type !== 'page-reading') throw new Error('wrong type');
    expect(parsed.reading.results[0]?.snippet.length).toBe(5_000);
    expect(parsed.reading.results[0]?.title.endsWith('…')).toBe(true);
  });

  it('drops results with non-web links and keeps the rest', () => {
    const parsed = ContentMessageSchema.parse(
      reading([
        { title: 'bad', url: 'javascript:alert(1)', snippet: '' },
        { title: 'bad', url: 'data:text/html,<script>1</script>', snippet: '' },
        { title: 'bad', url: 42, snippet: '' },
        { title: 'good', url: 'https://ok.example/', snippet: 'fine' },
      ]),
    );
    if (parsed.type !== 'page-reading') throw new Error('wrong type');
    expect(parsed.reading.results.map((r) => r.title)).toEqual(['good']);
  });

  it('keeps at most 100 results', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      title: `t${i}`,
      url: `https://a.example/${i}`,
      snippet: '',
    }));
    const parsed = ContentMessageSchema.parse(reading(many));
    if (parsed.type !== 'page-reading') throw new Error('wrong type');
    expect(parsed.reading.results).toHaveLength(100);
  });

  it('refuses a message of unknown type', () => {
    expect(ContentMessageSchema.safeParse({ type: 'start-run', tabId: 1 }).success).toBe(false);
  });
});
