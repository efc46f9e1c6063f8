// Prints one closing line for the whole run ("tests: N passed, N failed"), from vitest's JSON reports.
import { existsSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = ['test-results/unit.json', 'test-results/e2e.json', 'test-results/e2e-firefox.json'];
if (process.argv.includes('--clear')) {
  // At the start of `npm test`: reports of an earlier run must not be counted again.
  for (const file of REPORTS) rmSync(file, { force: true });
  process.exit(0);
}

let passed = 0;
let failed = 0;
for (const file of REPORTS) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
