import { afterAll } from 'vitest';
import { describeProviderFaults, timings } from './harness/provider-suite';
import { geminiWire } from './harness/wire';

describeProviderFaults(geminiWire);

afterAll(() => {
  console.table(timings);
});
