import { afterAll } from 'vitest';
import { describeProviderFaults, timings } from './harness/provider-suite';
import { openaiCompatibleWire } from './harness/wire';

describeProviderFaults(openaiCompatibleWire);

afterAll(() => {
  console.table(timings);
});
