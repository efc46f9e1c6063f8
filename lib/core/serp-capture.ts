import { z } from 'zod';
import { SourceSchema } from './source';

export const AnswerBoxKindSchema = z.enum([
  'ai-overview',
  'featured-snippet',
  'instant-answer',
  'answer-card',
  'copilot',
  'summarizer',
  'knowledge-panel',
  'quick-answer',
]);
export type AnswerBoxKind = z.infer<typeof AnswerBoxKindSchema>;

/** The engine's own answer, when the page shows one. */
export const AnswerBoxSchema = z.object({
  kind: AnswerBoxKindSchema,
  text: z.string(),
  sourceUrls: z.array(z.string()),
});
export type AnswerBox = z.infer<typeof AnswerBoxSchema>;

/** What the content script read from one results page. */
export const SerpCaptureSchema = z.object({
  engine: z.string().min(1),
  query: z.string(),
  url: z.url(),
  capturedAt: z.iso.datetime(),
  results: z.array(SourceSchema),
  answerBox: AnswerBoxSchema.optional(),
  /** 'selectors' when the engine's known markup matched, 'fallback' when structure had to be guessed. */
  extraction: z.enum(['selectors', 'fallback']).default('selectors'),
});
export type SerpCapture = z.infer<typeof SerpCaptureSchema>;
