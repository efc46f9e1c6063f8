import { FORMS } from '../tests/unit/helpers/messy-forms';
import { METHODS, runCliMatrix, runMatrix, SCENARIOS } from '../tests/unit/pipeline/messy-matrix';

/**
 * How often a run ends wrong when the model writes its answers the way real models do: every
 * scenario × method × messy form against the clean form's verdict (tests/unit/pipeline/messy-matrix.ts).
 * "wrong" is a different verdict, or an error other than a clear malformed-output one.
 * VERBOSE=1 lists each wrong run and each clear error. The same script runs on older code (it only
 * needs runCheck and the reader rules), which is how the before/after numbers were taken.
 */

// --cli: through `factcheck check` and the real OpenAI-compatible provider against a local server.
const cli = process.argv.includes('--cli');
const forms = FORMS.filter((form) => form !== 'clean');
const rows = cli ? await runCliMatrix(forms, SCENARIOS.slice(0, 2)) : await runMatrix(forms);
console.log(
  cli ? 'factcheck check, 2 scenarios, local OpenAI-compatible server' : 'runCheck, 5 scenarios, scripted model',
);
const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(`${pad('form', 22)}${METHODS.map((method) => pad(method, 8)).join('')}wrong/runs`);
for (const form of FORMS.filter((entry) => entry !== 'clean')) {
  const ofForm = rows.filter((row) => row.form === form);
  const cells = METHODS.map((method) => {
    const cell = ofForm.filter((row) => row.method === method);
    return pad(`${cell.filter((row) => row.result === 'wrong').length}/${cell.length}`, 8);
  });
  console.log(
    `${pad(form, 22)}${cells.join('')}${ofForm.filter((row) => row.result === 'wrong').length}/${ofForm.length}`,
  );
}
const wrong = rows.filter((row) => row.result === 'wrong');
const errors = rows.filter((row) => row.result === 'error');
console.log(
  `\nruns: ${rows.length}; same verdict: ${rows.length - wrong.length - errors.length}; clear error: ${errors.length}; wrong: ${wrong.length}`,
);
if (process.env.VERBOSE) {
  for (const row of wrong) console.log(`WRONG ${row.scenario} | ${row.method} | ${row.form}: ${row.detail}`);
  for (const row of errors) console.log(`ERROR ${row.scenario} | ${row.method} | ${row.form}: ${row.detail}`);
}
