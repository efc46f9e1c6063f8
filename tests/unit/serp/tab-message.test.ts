import { describe, expect, it } from 'vitest';
import { parseTabMessage } from '@/entrypoints/serp.content/tab-message';
import { TabMessageSchema } from '@/lib/messaging/tab-messages';

const badge = { url: 'https://a.org/', domain: 'a.org', trust: 0.8, evidence: 3, stance: 'supports', blocked: false };

describe('parseTabMessage (the content script checks tab messages by hand, without zod)', () => {
  it('accepts what TabMessageSchema accepts', () => {
    for (const message of [
      { type: 'clear-badges' },
      { type: 'show-badges', badges: [] },
      { type: 'show-badges', badges: [badge, { ...badge, trust: null, stance: null, evidence: 0 }] },
    ]) {
      expect(TabMessageSchema.safeParse(message).success).toBe(true);
      expect(parseTabMessage(message)).toEqual(message);
    }
  });

  it('refuses what TabMessageSchema refuses', () => {
    for (const message of [
      null,
      'show-badges',
      { type: 'run' },
      { type: 'show-badges' },
      { type: 'show-badges', badges: [{ ...badge, trust: 2 }] },
      { type: 'show-badges', badges: [{ ...badge, evidence: 1.5 }] },
      { type: 'show-badges', badges: [{ ...badge, stance: 'maybe' }] },
      { type: 'show-badges', badges: [{ ...badge, url: 1 }] },
    ]) {
      expect(TabMessageSchema.safeParse(message).success).toBe(false);
      expect(parseTabMessage(message)).toBeNull();
    }
  });
});
