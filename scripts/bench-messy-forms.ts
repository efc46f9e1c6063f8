import { finalizePrompt } from '../lib/pipeline/prompts/finalize';
import { FORMS, render } from '../tests/unit/helpers/messy-forms';
import { formModel, METHODS, runCliMatrix, runMatrix, SCENARIOS } from '../tests/unit/pipeline/messy-matrix';

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

// What reading costs: the finalization output (the largest object) in every form, read 2,000 times.
if (!cli) {
  const question = 'When was Michael Jordan born?';
  const output = {
    groups: [
      { answer: '1963', summary: 'Four sites say 1963.', sources: [1, 2, 3, 4], memory: true, confidence: 0.9 },
      { answer: '1998', summary: 'One site says 1998.', sources: [5], memory: false, confidence: 0.1 },
    ],
    answers: ['1963'],
    final: '1963',
    explanation: 'Four reliable sources and memory agree on 1963; one site disagrees.',
  };
  const prompt = finalizePrompt(formModel({}, 'clean'), question, [], null);
  const times: number[] = [];
  for (const form of FORMS) {
    const text = render(output, form, { question });
    const started = performance.now();
    for (let i = 0; i < 2000; i++) {
      try {
        prompt.parse(text);
      } catch {
        // a clear error costs the same to reach
      }
    }
    times.push(((performance.now() - started) / 2000) * 1000);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(0);
  console.log(
    `\nreading one finalization output: median ${at(0.5)} µs, slowest form ${at(1)} µs (24 forms × 2,000 reads)`,
  );
}
