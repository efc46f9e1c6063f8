/**
 * Words that open a question, in the languages of the engines we read. Matched at the start
 * of the query (Latin and Cyrillic scripts) or anywhere in it (Chinese, Japanese, Korean).
 */
const OPENING_WORDS = [
  // English
  'who|whom|whose|what|when|where|which|why|how|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had',
  // German, Dutch
  'wer|was|wann|wo|welche|welcher|welches|warum|wieso|wie|ist|sind|gibt|kann|wie|wat|wanneer|waar|welk|welke|waarom|hoe',
  // French, Spanish, Italian, Portuguese
  'qui|que|quoi|quand|où|quel|quelle|quels|quelles|pourquoi|comment|combien|est-ce',
  'quién|quien|qué|cuándo|dónde|donde|cuál|cual|cómo|como|cuánto|cuanto|cuántos|por qué',
  'chi|cosa|quando|dove|quale|perché|perche|quanto|quanti',
  'quem|quando|onde|qual|porque|por que|quantos',
  // Russian
  'кто|что|когда|где|какой|какая|какое|какие|почему|зачем|как|сколько|чей',
].join('|');

const OPENS_AS_QUESTION = new RegExp(`^(${OPENING_WORDS})(\\s|$|')`, 'iu');
const CJK_QUESTION =
  /什么|為什麼|为什么|怎么|怎麼|谁|誰|哪|吗|嗎|多少|几|幾|なぜ|何|どう|いつ|どこ|ですか|무엇|뭐|왜|어떻게|언제|어디|누구|몇|인가요|나요/u;
/** "population of france", "deaths per year in the usa", "boiling point of water at altitude". */
const FACT_SHAPED = /\b(of|in|per|vs\.?|versus|von|de|del|du|des|di|в)\b/iu;
/** Navigational searches: a site, a login page, a download. */
const NAVIGATIONAL = /^(https?:\/\/|www\.)|\.(com|org|net|io)$|\b(login|log in|sign in|download|homepage)\b/i;

/**
 * Whether a search asks something (and is worth an automatic check in the "questions" trigger mode),
 * as opposed to navigating ("facebook login") or browsing ("javascript tutorial").
 */
export function isQuestion(query: string): boolean {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q || NAVIGATIONAL.test(q)) return false;
  if (/[?？]$/.test(q)) return true;
  if (OPENS_AS_QUESTION.test(q) || CJK_QUESTION.test(q)) return true;
  return FACT_SHAPED.test(q) && q.split(' ').length >= 3;
}
