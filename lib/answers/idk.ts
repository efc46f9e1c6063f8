/**
 * Every common way a model says it cannot answer. A refusal is not a wrong answer: counted as one,
 * it would lower the trust in a site that simply did not cover the question.
 */

const SOURCE =
  '(?:the |this |that |given |provided )*(?:source|document|text|passage|snippet|article|page|context|result|search result|information|data|content)s?';
const SAYS = '(?:say|state|mention|specify|provide|contain|give|include|answer|tell|address|indicate|list|discuss)';
const NOT = "(?:does not|doesn't|doesnt|do not|don't|dont|did not|didn't|fails to|cannot|can't)";
const GIVEN =
  '(?:stated|mentioned|given|specified|available|known|provided|found|clear|indicated|included|listed|answered|determinable|applicable|relevant)';

const IDK_PATTERNS = [
  /^(idk|unknown|unclear|uncertain|unsure|none|nothing|n\/?a|na|nil|null|no answer|no idea|unanswerable|not applicable|no data|no info)$/,
  new RegExp(`^(it is |it's |that is |this is |answer )?(not|never) ${GIVEN}\\b`),
  new RegExp(`^${SOURCE} (${NOT}) (explicitly |clearly |directly )?${SAYS}`),
  new RegExp(`^${SOURCE} (is|are) (silent|unclear|not clear|insufficient|irrelevant|not relevant)`),
  /^(there is |there's )?(no|insufficient|not enough|limited|no relevant|no specific|no clear) (relevant |specific |clear |such )?(information|info|data|details|context|evidence|mention|answer)/,
  /^(no|none of the) (source|document|text|passage|result)s? /,
  /^i (do not|don't|dont|did not|cannot|can't|am unable to|am not able to) (know|say|tell|determine|answer|find|recall)/,
  /^(i am|i'm|im) (not sure|unsure|uncertain|not certain|not able|unable)/,
  /^(i have|i've) no (idea|information|answer)/,
  /^(cannot|can't|cant|unable to|impossible to) (be )?(determine|determined|answer|answered|tell|told|say|find|found|know|known)/,
  /^(the )?answer (is )?(unknown|not (known|given|stated|available|provided))/,
];

/** Wrappers around a refusal that do not change it: "Sorry, ...", "... from the source." */
const strip = (text: string) =>
  text
    .replace(/^(sorry|unfortunately|however|answer|final answer|response)\W+/, '')
    .replace(/\W+(from|in|based on|according to) (the |this |that |given |provided )*\w+( \w+)?$/, '')
    .trim();

/** True for any way a model says it cannot answer (null and empty included). */
export function isIdk(answer: string | null | undefined): boolean {
  if (answer === null || answer === undefined) return true;
  const plain = answer
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[.!"“”*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return true;
  const words = plain.split(' ').length;
  if (words > 16) return false;
  return [plain, strip(plain)].some((text) => text === '' || IDK_PATTERNS.some((pattern) => pattern.test(text)));
}
