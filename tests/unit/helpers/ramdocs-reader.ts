import type { RamDocsItem } from '@/cli/commands/eval';
import { neutralize } from '@/lib/pipeline/delimit';
import { documentReaderRules, type Rules } from './scripted-model';

/**
 * A model that reads each RAMDocs document as the dataset annotates it (its `answer`), whatever the
 * prompt: every method sees the same readings, so the methods differ only in what they cost and
 * how they combine the readings. Documents are found by their text as the prompt shows it.
 */
export function ramdocsReaderRules(items: RamDocsItem[]): Rules {
  const byText = new Map(
    items.flatMap((item) => item.documents.map((doc) => [neutralize(doc.text).trim(), doc.answer] as const)),
  );
  return documentReaderRules((text) => byText.get(text.trim()));
}
