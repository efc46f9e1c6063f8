import type { Badge, ClaimMark, TabMessage } from '@/lib/messaging/tab-messages';
import { pageSettingsFrom } from '@/lib/serp/page-settings';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const STANCES = new Set(['supports', 'contradicts', 'irrelevant']);

function isBadge(value: unknown): value is Badge {
  if (!isRecord(value)) return false;
  const { url, domain, trust, evidence, stance, blocked } = value;
  return (
    typeof url === 'string' &&
    typeof domain === 'string' &&
    (trust === null || (typeof trust === 'number' && trust >= 0 && trust <= 1)) &&
    typeof evidence === 'number' &&
    Number.isInteger(evidence) &&
    evidence >= 0 &&
    (stance === null || (typeof stance === 'string' && STANCES.has(stance))) &&
    typeof blocked === 'boolean'
  );
}

const MARK_OUTCOMES = new Set(['supported', 'contradicted', 'disputed', 'not-found']);

function isClaimMark(value: unknown): value is ClaimMark {
  if (!isRecord(value)) return false;
  const { text, outcome, label } = value;
  return (
    typeof text === 'string' &&
    text.length > 0 &&
    text.length <= 2_000 &&
    typeof outcome === 'string' &&
    MARK_OUTCOMES.has(outcome) &&
    typeof label === 'string' &&
    label.length <= 300
  );
}

/** TabMessageSchema checked by hand: the content script stays free of zod. Null for anything else. */
export function parseTabMessage(raw: unknown): TabMessage | null {
  if (!isRecord(raw)) return null;
  if (raw.type === 'clear-badges') return { type: 'clear-badges' };
  if (raw.type === 'page-settings') {
    const settings = pageSettingsFrom(raw.settings);
    return {
      type: 'page-settings',
      settings: {
        ...settings,
        disabledEngines: [...settings.disabledEngines],
        customEngines: [...settings.customEngines],
      },
    };
  }
  if (
    raw.type === 'show-claim-marks' &&
    Array.isArray(raw.marks) &&
    raw.marks.length <= 16 &&
    raw.marks.every(isClaimMark)
  ) {
    return { type: 'show-claim-marks', marks: raw.marks };
  }
  if (raw.type === 'show-badges' && Array.isArray(raw.badges) && raw.badges.every(isBadge)) {
    return { type: 'show-badges', badges: raw.badges };
  }
  return null;
}
