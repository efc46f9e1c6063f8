import { type MethodParams, MethodParamsSchema, type Settings } from './settings';

/** Fast: few calls, a first answer within a round trip. Thorough: the papers' full settings and more agents. */
const PRESETS: Record<'fast' | 'thorough', Partial<MethodParams>> = {
  fast: { iterations: 1, passages: 1, rounds: 2, kappa: 4, maxCalls: 40 },
  thorough: { iterations: 2, passages: 2, rounds: 3, kappa: 8, maxCalls: 120, maxTokens: 400_000 },
};

/** The method parameters a run uses: the preset's, or the person's own for 'custom'. */
export function paramsFor(settings: Settings): MethodParams {
  if (settings.preset === 'custom') return settings.params;
  return MethodParamsSchema.parse({ ...settings.params, ...PRESETS[settings.preset] });
}
