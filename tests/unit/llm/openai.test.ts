import { afterAll } from 'vitest';
import { describeProviderFaults, timings } from './harness/provider-suite';
import { openaiWire } from './harness/wire';

describeProviderFaults(openaiWire);

afterAll(() => {
  console.table(timings);
});
