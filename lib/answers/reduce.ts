import { isIdk } from './idk';

/** Words that make a reply a sentence rather than a short answer. */
const SENTENCE_VERBS = new Set(
  'is was are were be been being has had have became becomes born died called named known located wrote written won served founded lies sits'.split(
    ' ',
  ),
);
/** Words a sentence wraps its answer in. */
const FILLER = new Set(
  'the a an of in on at by to for from is was are were be been being has had have it its this that which who whom as and answer according source sources passage text document documents based say says said given provided information'.split(
    ' ',
  ),
);

const bare = (word: string) =>
  word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/['’]s$/, '');

/**
 * A sentence reduced to its short answer against the question: "The capital of France is Paris."
 * for "What is the capital of France?" is "Paris". Words the question already has and the words a
 * sentence is made of go; what remains, in order and with its own punctuation, is the answer.
 * A short answer (no verb, or three words or fewer) and a refusal are returned unchanged.
 */
export function reduceAnswer(answer: string, question: string): string {
  const trimmed = answer.trim();
  if (isIdk(trimmed)) return trimmed;
  const words = trimmed.split(/\s+/);
  if (words.length <= 3 || !words.some((word) => SENTENCE_VERBS.has(bare(word)))) return trimmed;
  const asked = new Set(question.split(/\s+/).map(bare));
  const kept = words.filter((word) => {
    const plain = bare(word);
    return plain !== '' && !asked.has(plain) && !FILLER.has(plain);
  });
  const reduced = kept
    .join(' ')
    .replace(/^[^\p{L}\p{N}"'-]+|[\s,;:.!?]+$/gu, '')
    .trim();
  return reduced === '' ? trimmed : reduced;
}
