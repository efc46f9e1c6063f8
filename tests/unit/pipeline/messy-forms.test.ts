import { describe, expect, it } from 'vitest';
import { FORMS, render } from '../helpers/messy-forms';
import { METHODS, runMatrix, runOnce, SCENARIOS } from './messy-matrix';

describe('every method × every messy form gives the clean form’s verdict or a clear error', () => {
  it('renders each form differently from the clean JSON (the layer is not a no-op)', () => {
    const objects = [
      { answer: 'Paris', explanation: 'The source says Paris.' },
      { passages: ['I recall: Paris.'], answer: 'Paris', confidence: 0.9 },
      { answer: 'IDK', explanation: 'Not in the source.' },
    ];
    const context = { question: 'What is the capital of France?' };
    for (const form of FORMS.filter((entry) => entry !== 'clean')) {
      const changed = objects.some((object) => render(object, form, context) !== render(object, 'clean', context));
      expect(changed, form).toBe(true);
    }
  });

  it('scenarios × norag, concat, astute, madam, auto × forms: no run ends wrong', async () => {
    const rows = await runMatrix(FORMS.filter((form) => form !== 'clean'));
    const wrong = rows.filter((row) => row.result === 'wrong');
    expect(rows.length).toBeGreaterThan(400);
    expect(wrong.map((row) => `${row.scenario} | ${row.method} | ${row.form}: ${row.detail}`)).toEqual([]);
  }, 60_000);

  it('a model that changes habits from one call to the next: every scenario × method, several rotations', async () => {
    const forms = FORMS.filter((form) => form !== 'clean');
    const wrong: string[] = [];
    for (const scenario of SCENARIOS) {
      for (const method of METHODS) {
        const clean = await runOnce(scenario, method, 'clean');
        for (let shift = 0; shift < 4; shift++) {
          const rotation = [...forms.slice(shift * 5), ...forms.slice(0, shift * 5)];
          const mixed = await runOnce(scenario, method, rotation);
          if (mixed.kind !== 'clear-error' && JSON.stringify(mixed) !== JSON.stringify(clean)) {
            wrong.push(`${scenario.name} | ${method} | shift ${shift}: ${JSON.stringify(mixed)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
