import { runClaimsOnly, withClaimCheck } from '../claims/run-claims';
import type { Method } from '../core/verdict';
import { runAuto } from './auto';
import { runAstute } from './methods/astute';
import { runConcat } from './methods/concat';
import { runMadam } from './methods/madam';
import { runNorag } from './methods/norag';
import type { CheckFunction } from './types';

const METHODS: Record<Method, CheckFunction> = {
  norag: runNorag,
  concat: runConcat,
  astute: runAstute,
  madam: runMadam,
  auto: runAuto,
  claims: runClaimsOnly,
};

/**
 * Runs one check with the chosen method (norag, concat, astute, madam or the composed auto run),
 * with the engine's own answer checked claim by claim beside it when the page shows one.
 */
export const runCheck: CheckFunction = (input) =>
  input.method === 'claims' ? runClaimsOnly(input) : withClaimCheck(METHODS[input.method])(input);
