import { sourceBlock, tag } from '../delimit';

/** One numbered passage of Astute's context: a search result or a passage from the model's memory. */
export interface Passage {
  number: number;
  origin: 'external' | 'memory';
  domain?: string;
  title?: string;
  text: string;
}

/** A consolidated document: what it says, whether memory contributed, and which passages it merges. */
export interface ConsolidatedDocument {
  text: string;
  memory: boolean;
  from: number[];
}

export function renderPassages(passages: Passage[]): string {
  return passages
    .map((passage) =>
      passage.origin === 'memory'
        ? tag('memory', { id: passage.number }, passage.text)
        : sourceBlock({
            id: passage.number,
            domain: passage.domain ?? 'unknown',
            ...(passage.title ? { title: passage.title } : {}),
            text: passage.text,
          }),
    )
    .join('\n');
}

export function renderDocuments(documents: ConsolidatedDocument[]): string {
  return documents
    .map((document, index) =>
      tag(
        'document',
        { id: index + 1, origin: document.memory ? 'memory' : 'external', from: document.from.join(',') },
        document.text,
      ),
    )
    .join('\n');
}
