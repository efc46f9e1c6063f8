import { describe, expect, it } from 'vitest';
import { alignAnswer, rouge1Precision } from '@/lib/pipeline/rouge';

describe('ROUGE-1 precision misalignment filter', () => {
  const text = 'The Atlantic Ocean is the second largest; on 3 March 2020 there were 1,000 visitors.';

  it('keeps an answer whose words all occur in the source', () => {
    expect(rouge1Precision('Atlantic Ocean', text)).toBe(1);
    expect(alignAnswer('the Atlantic Ocean', text)).toBe('the Atlantic Ocean');
    expect(alignAnswer('March 3, 2020', text)).toBe('March 3, 2020');
    expect(alignAnswer('1000', text)).toBe('1000');
  });

  it('replaces an answer not grounded in the source with IDK (threshold 0.9)', () => {
    expect(rouge1Precision('Pacific Ocean', text)).toBe(0.5);
    expect(alignAnswer('Pacific Ocean', text)).toBe('IDK');
    expect(alignAnswer('IDK', text)).toBe('IDK');
    // 9 of 10 words present passes, 8 of 10 does not
    const nine = 'the atlantic ocean is the second largest there were banana';
    expect(rouge1Precision(nine, text)).toBeCloseTo(0.9);
    expect(alignAnswer(nine, text)).toBe(nine);
  });

  it('clips repeated words by their count in the text', () => {
    expect(rouge1Precision('ocean ocean', 'ocean')).toBe(0.5);
  });
});
