/**
 * Caps on every field a results page can fill: what one page can make the extension send and store
 * is bounded. The content script cuts to them before sending; the background enforces them again
 * (lib/messaging/content-messages.ts). Plain data, so the content script stays free of zod.
 */
export const CAPTURE_CAPS = {
  text: 5_000,
  answer: 10_000,
  url: 4_096,
  engine: 64,
  results: 100,
  answerSources: 30,
} as const;
