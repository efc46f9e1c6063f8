import { FactCheckError } from '../core/errors';
import type { CheckFunction } from './types';

/** Runs one check with the chosen method (norag, concat, astute, madam or the composed auto run). */
export const runCheck: CheckFunction = async () => {
  throw new FactCheckError('internal', 'The pipeline is not wired yet.');
};
