import { z } from 'zod';

/** One result's badge: the background tells the content script what to draw beside a result. */
export const BadgeSchema = z.object({
  url: z.string(),
  domain: z.string(),
  /** 0..1, or null when the run has no number for the site yet. */
  trust: z.number().min(0).max(1).nullable(),
  evidence: z.number().int().nonnegative(),
  stance: z.enum(['supports', 'contradicts', 'irrelevant']).nullable(),
  blocked: z.boolean(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** One sentence of the engine's answer to mark on the page: its words as the person saw them, and its outcome. */
export const ClaimMarkSchema = z.object({
  text: z.string().min(1).max(2_000),
  outcome: z.enum(['supported', 'contradicted', 'disputed', 'not-found']),
  label: z.string().max(300),
});
export type ClaimMark = z.infer<typeof ClaimMarkSchema>;

/**
 * Messages the background sends to a results tab. The content script checks their shape by hand
 * (it stays free of zod); the background builds them with these schemas.
 */
export const PageSettingsSchema = z.object({
  disabledEngines: z.array(z.string()),
  customEngines: z.array(z.object({ engine: z.string(), pattern: z.string() })),
});

export const TabMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('show-badges'), badges: z.array(BadgeSchema) }),
  z.object({ type: z.literal('clear-badges') }),
  /** Marks on the engine's answer box; cleared with the badges. */
  z.object({ type: z.literal('show-claim-marks'), marks: z.array(ClaimMarkSchema).max(16) }),
  z.object({ type: z.literal('page-settings'), settings: PageSettingsSchema }),
]);
export type TabMessage = z.infer<typeof TabMessageSchema>;
