import { type SQL, sql } from 'drizzle-orm';
import { prompts, promptUseCounts } from '../../db/schema';
import { literalInt } from './prompts.count';
import { ITEM_SOURCES } from './prompts.list-sql';
import type { Cursor } from './prompts.search';

export interface MostUsedParts {
  where: SQL | undefined;
  cursor: Cursor | null;
  order: 'asc' | 'desc';
  limit: number;
  item: SQL;
}

/**
 * A page in the "Most used" order: use count, then id. Use counts live in their own narrow table,
 * which holds only the prompts used at least once, so the order is read in two walks instead of
 * sorting every prompt: the used prompts down the index on (use_count, prompt_id), and the unused ones
 * (count 0) down the primary key, each bounded by the LIMIT. The page is the first rows of both.
 * The rows are those of `pageStatement` (n, id, sort_key, item).
 */
export function mostUsedItems({ where, cursor, order, limit, item }: MostUsedParts): SQL {
  const desc = order === 'desc';
  // Null orderings that match the indexes walked (the columns are NOT NULL, so results are unaffected):
  // prompt_use_counts_order_idx is DESC NULLS LAST, the primary key ASC NULLS LAST; walked backwards,
  // each gives the opposite. Any other spelling makes PostgreSQL sort every row instead.
  const direction = desc ? sql`desc nulls last` : sql`asc nulls first`;
  const idDirection = desc ? sql`desc nulls first` : sql`asc nulls last`;
  const after = desc ? sql`<` : sql`>`;
  const matching = where ?? sql`true`;
  const used: SQL[] = [matching];
  const unused: SQL[] = [matching, sql`not exists (select 1 from ${promptUseCounts} where ${promptUseCounts.promptId} = ${prompts.id})`];
  if (cursor) {
    const count = Number(cursor.value);
    used.push(sql`(${promptUseCounts.useCount}, ${promptUseCounts.promptId}) ${after} (${count}::int, ${cursor.id}::uuid)`);
    // Unused prompts (count 0) come after every used one, newest-used first; before them, fewest first.
    if (count === 0) unused.push(sql`${prompts.id} ${after} ${cursor.id}::uuid`);
    else if (!desc) unused.push(sql`false`);
  }
  const limitPlusOne = literalInt(limit + 1);
  return sql`select row_number() over (order by k.k ${direction}, k.id ${direction}) as n, k.id::text as id, k.k::text as sort_key, ${item} as item
    from (
      (select ${promptUseCounts.promptId} as id, ${promptUseCounts.useCount} as k
        from ${promptUseCounts} inner join ${prompts} on ${prompts.id} = ${promptUseCounts.promptId}
        where ${sql.join(used, sql` and `)}
        order by ${promptUseCounts.useCount} ${direction}, ${promptUseCounts.promptId} ${direction}
        limit ${limitPlusOne})
      union all
      (select ${prompts.id} as id, 0 as k from ${prompts}
        where ${sql.join(unused, sql` and `)}
        order by ${prompts.id} ${idDirection}
        limit ${limitPlusOne})
    ) k
    inner join ${prompts} on ${prompts.id} = k.id ${ITEM_SOURCES}`;
}
