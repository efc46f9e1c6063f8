import { afterAll } from 'vitest';
import { describeProviderFaults, timings } from './harness/provider-suite';
import { anthropicWire } from './harness/wire';

describeProviderFaults(anthropicWire);

afterAll(() => {
  console.table(timings);
});
