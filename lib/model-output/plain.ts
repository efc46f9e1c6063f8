/**
 * A reply written as one bare sentence or phrase ("Paris", "I don't know.", "The capital is
 * Paris."): its text without wrapping quotes or markdown; undefined for anything longer (several
 * sentences, several lines, or JSON), which a task cannot safely read as one answer.
 */
export function plainReply(text: string, maxWords = 25): string | undefined {
  const trimmed = text
    .trim()
    .replace(/^[\s*_`"'“]+|[\s*_`"'”]+$/g, '')
    .trim();
  if (trimmed === '' || trimmed.includes('\n') || /[{}[\]]/.test(trimmed)) return undefined;
  if (/[.!?]\s+\S/.test(trimmed.replace(/\b(\p{L}|mt|st|dr|mr|mrs|ms|jr|sr|no|vs|u\.s)\./giu, ''))) return undefined;
  // A closing full stop goes; the dot of an initial stays ("Washington, D.C.").
  return trimmed.split(/\s+/).length <= maxWords ? trimmed.replace(/(?<!(?:^|[\s.])\p{L})\.$/u, '') : undefined;
}
