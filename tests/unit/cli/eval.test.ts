import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, parseDataset, scoreItem } from '@/cli/commands/eval';
import { FIXTURES } from '../helpers/fixtures';
import { ramdocsReaderRules } from '../helpers/ramdocs-reader';
import { scriptedModel, scriptedModelCli } from '../helpers/scripted-model';

const DATASET = `${FIXTURES}bench/ramdocs-test-first20.jsonl`;

/** A model that reads each document's answer, as RAMDocs annotates it. */
function ramdocsReader() {
  return scriptedModel({ rules: ramdocsReaderRules(parseDataset(readFileSync(DATASET, 'utf8'), DATASET)) });
}

describe('scoreItem (MADAM-RAG metrics)', () => {
  it('exact match needs every gold answer and no wrong one', () => {
    expect(scoreItem(['1963', '1956'], ['1963', '1956'], ['1998']).exactMatch).toBe(true);
    expect(scoreItem(['1963'], ['1963', '1956'], ['1998'])).toMatchObject({
      exactMatch: false,
      precision: 1,
      recall: 0.5,
    });
    expect(scoreItem(['1963', '1956', '1998'], ['1963', '1956'], ['1998']).exactMatch).toBe(false);
    expect(scoreItem([], ['x'], [])).toMatchObject({ refused: true, f1: 0 });
    expect(scoreItem(['3,559 people'], ['3559'], []).exactMatch).toBe(true);
  });
});

describe('parseDataset', () => {
  it('reads RGB counterfactual lines as RAMDocs items (planted answer = wrong answer)', () => {
    const line = JSON.stringify({
      id: 0,
      query: 'Where was the 2021 final played?',
      answer: 'Tampa',
      fakeanswer: 'Glendale',
      positive: ['It was played in Tampa.'],
      positive_wrong: ['It was played in Glendale.', 'Glendale hosted it.'],
      negative: ['Tickets on sale.'],
    });
    const [item] = parseDataset(line, 'rgb.json');
    expect(item).toMatchObject({
      question: 'Where was the 2021 final played?',
      gold_answers: ['Tampa'],
      wrong_answers: ['Glendale'],
    });
    expect(item?.documents.map((doc) => doc.type)).toEqual(['misinfo', 'misinfo', 'noise']);
  });
});

describe('factcheck eval', () => {
  it('runs RAMDocs end to end with a document-reading model and writes one line per item', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'factcheck-eval-')), 'items.jsonl');
    for (const method of ['madam', 'auto', 'concat', 'astute', 'norag'] as const) {
      const model = ramdocsReader();
      const metrics = await evaluate(
        ['--dataset', DATASET, '--method', method, '--out', out, '--jobs', '4', '--limit', '10'],
        {
          modelCli: scriptedModelCli(model),
        },
      );
      expect(metrics.items).toBe(10);
      expect(metrics.errors).toBe(0);
      expect(metrics.calls.total).toBe(model.count());
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(10);
      expect(JSON.parse(lines[0] ?? '{}')).toHaveProperty('gold');
      if (method === 'norag') expect(metrics.refusalRate).toBe(100);
      else expect(metrics.recall).toBeGreaterThan(50);
    }
  });

  it('exits 2 on a dataset that is not RAMDocs', async () => {
    const failure = await evaluate(['--dataset', `${FIXTURES}bench/responses.json`], {
      modelCli: scriptedModelCli(ramdocsReader()),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'bad-input' });
  });
});
