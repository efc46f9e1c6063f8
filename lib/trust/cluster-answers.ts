import { answersEquivalent } from '../answers/equivalence';
import { isIdk } from '../answers/idk';

/**
 * Groups one question's answers into clusters of equivalent answers (IDK: -1), in linear time in
 * the number of answers: equal strings share one cluster through a map; the first MAX_COMPARED_FORMS
 * distinct forms are compared for safe containment ("paris" and "paris france") with the clusters
 * they share a word with; any further form, which no real results page has, is matched by equality.
 * Re-estimation clusters every stored question again, so results are memoised by their forms.
 */
export const MAX_COMPARED_FORMS = 12;
const MEMO_LIMIT = 4_000;
const memo = new Map<string, number[]>();

/**
 * Words an equivalent answer must share: stored answers are normal forms (space-separated tokens),
 * and equivalence needs a common word, or a date and a more precise date of the same year.
 */
function wordsOf(form: string): string[] {
  return form.split(' ').map((token) => (/^\d{3,4}-/.test(token) ? (token.split('-')[0] ?? token) : token));
}

function clusterForms(forms: readonly string[]): number[] {
  const clusterOfForm: number[] = [];
  const representatives: string[] = [];
  const byWord = new Map<string, number[]>();
  forms.forEach((form, position) => {
    let found = -1;
    const words = wordsOf(form);
    if (position < MAX_COMPARED_FORMS) {
      const candidates = [...new Set(words.flatMap((word) => byWord.get(word) ?? []))].sort((a, b) => a - b);
      for (const index of candidates) {
        const representative = representatives[index];
        if (representative !== undefined && answersEquivalent(representative, form)) {
          found = index;
          break;
        }
      }
    }
    if (found < 0) {
      representatives.push(form);
      found = representatives.length - 1;
      for (const word of words) byWord.set(word, [...(byWord.get(word) ?? []), found]);
    }
    clusterOfForm.push(found);
  });
  return clusterOfForm;
}

export function clusterAnswers(answers: readonly string[]): number[] {
  const formIndex = new Map<string, number>();
  const forms: string[] = [];
  const formOf = answers.map((answer) => {
    if (isIdk(answer)) return -1;
    let index = formIndex.get(answer);
    if (index === undefined) {
      index = forms.length;
      formIndex.set(answer, index);
      forms.push(answer);
    }
    return index;
  });
  const key = forms.join('\u0000');
  let clusterOfForm = memo.get(key);
  if (!clusterOfForm) {
    clusterOfForm = clusterForms(forms);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, clusterOfForm);
  }
  const clusters = clusterOfForm;
  return formOf.map((form) => (form < 0 ? -1 : (clusters[form] ?? -1)));
}
