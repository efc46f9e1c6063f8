import { z } from 'zod';
import { parseLenient } from '../model-output/json-text';
import { readObject } from '../model-output/read-object';
import { conformKeys } from '../model-output/schema-keys';

/** A reply that is only a list ("[{...}, {...}]"), as the list under `field`. */
function bareList(reply: string, field: string): Record<string, unknown[]> | undefined {
  const start = reply.indexOf('[');
  const end = reply.lastIndexOf(']');
  if (start < 0 || end <= start) return undefined;
  const list = parseLenient(reply.slice(start, end + 1));
  return Array.isArray(list) ? { [field]: list } : undefined;
}

/**
 * The one place the claim check reads model output (through the project's tolerant reader,
 * lib/model-output): the list asked for under `field`, found in JSON alone, fenced, in prose,
 * repaired, cut short, or as a bare list; each item's keys matched to `item`'s fields in any case
 * or by `itemAliases`, and items that still do not fit dropped. Throws 'malformed-output' when no
 * list can be found at all.
 */
export function readModelList<T>(
  text: string,
  field: string,
  item: z.ZodType<T>,
  options: { aliases?: readonly string[]; itemAliases?: Record<string, readonly string[]> } = {},
): T[] {
  const outer = z.object({ [field]: z.array(z.unknown()) });
  const value = readObject(text, outer, {
    aliases: { [field]: options.aliases ?? [] },
    plain: (reply) => bareList(reply, field),
  }) as Record<string, unknown[]>;
  return (value[field] ?? []).flatMap((raw) => {
    const parsed = item.safeParse(conformKeys(raw, item, options.itemAliases));
    return parsed.success ? [parsed.data] : [];
  });
}
