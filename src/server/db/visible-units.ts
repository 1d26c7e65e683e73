import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';
import type { collections, snippets } from './schema';

/**
 * A unit renamed (`to`) or deleted without a successor (`to` null), for a table shared by unit as
 * prompts are (collections, snippets): what was shared with `from` is shared with `to` instead (once),
 * or no longer with it; one left with no unit becomes private, never wider than its owner chose.
 */
export async function replaceSharedUnit(tx: Database, table: typeof collections | typeof snippets, from: string, to: string | null): Promise<void> {
  const holds = sql`${table.audience} @> array[${`u:${from}`}]::text[]`;
  if (to === null) {
    await queryRows(
      tx,
      sql`update ${table} set visible_units = array_remove(visible_units, ${from}),
            visibility = case when cardinality(array_remove(visible_units, ${from})) = 0 then 'private' else visibility end
          where ${holds}`,
    );
    return;
  }
  await queryRows(
    tx,
    sql`update ${table} set visible_units = case when visible_units @> array[${to}]::text[] then array_remove(visible_units, ${from})
          else array_replace(visible_units, ${from}, ${to}) end
        where ${holds}`,
  );
}
