import { describe, expect, it } from 'vitest';
import { checkClaims } from '@/lib/claims/check-claims';
import type { AnswerBox } from '@/lib/core/serp-capture';
import { MethodParamsSchema } from '@/lib/core/settings';
import { RunLedger } from '@/lib/pipeline/ledger';
import { claimReaderRules } from '../helpers/claim-reader';
import { FORMS, type Form } from '../helpers/messy-forms';
import { scriptedModel } from '../helpers/scripted-model';
import { source, trustFrom } from '../pipeline/builders';

const sources = [
  source('official.org', 'The tower stands 330 metres tall, its official height since 2022.'),
  source('archive.gov', 'The tower first opened to visitors in 1887, records show.'),
  source('museum.org', 'Records show the tower opened to visitors in 1887.'),
];
const trust = trustFrom({ 'official.org': 0.9, 'archive.gov': 0.9, 'museum.org': 0.8 });
const box = {
  kind: 'ai-overview',
  text: 'The tower is 330 metres tall. It opened to visitors in 1889. The tower attracts crowds every summer.',
  sourceUrls: [],
} satisfies AnswerBox;

async function outcomes(form: Form) {
  const model = scriptedModel({ rules: claimReaderRules(), form });
  const ledger = new RunLedger({ model, params: MethodParamsSchema.parse({}) });
  const check = await checkClaims({ question: 'eiffel tower', box, sources, trust, ledger });
  return { split: check.split, outcomes: check.claims.map((claim) => claim.outcome) };
}

describe('the claim check reads what real models write', () => {
  it('gives the clean form’s outcomes in every messy form, or leaves claims unchecked, never wrong', async () => {
    const clean = await outcomes('clean');
    expect(clean).toEqual({ split: 'model', outcomes: ['supported', 'contradicted', 'not-found'] });
    const unread: string[] = [];
    for (const form of FORMS) {
      const read = await outcomes(form);
      const same = read.outcomes.every(
        (outcome, index) => outcome === clean.outcomes[index] || outcome === 'unchecked',
      );
      expect(same, `${form}: ${read.outcomes.join(', ')}`).toBe(true);
      if (read.outcomes.some((outcome) => outcome === 'unchecked')) unread.push(form);
    }
    // Every form is read in full: none leaves a claim unchecked.
    expect(unread).toEqual([]);
  });
});
