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
};

/** Runs one check with the chosen method (norag, concat, astute, madam or the composed auto run). */
export const runCheck: CheckFunction = (input) => METHODS[input.method](input);
