import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { renderedOnce } from '../../db/client';
import { promptListItems, prompts, promptUseCounts, promptVoteCounts, users } from '../../db/schema';
import type { Cursor } from './query.parse';
import { canEditPromptSql, COUNT_CAP, favoriteOf, literalInt, myVoteOf, type Viewer } from './query.sql';

// The statements a list page is answered by: the item JSON (with a search's snippet), the one-row answer
// of a page, the match-set statement and the walks of orders kept beside the prompts ("Most used", "Top
// rated"). query.page.ts chooses which to run.

/** The most matches a filtered first page reads whole (its count and page from one pass). */
export const MATCH_SET_CAP = 10_000;

/** The head a trigger stores in prompt_list_items, rendered from the prompt's columns (migration 0008). */
const HEAD_RENDERED_NOW = sql`prompt_list_item_head(${sql.join(
  [
    prompts.id,
    prompts.title,
    prompts.contentPreview,
    prompts.aiModels,
    prompts.tags,
    prompts.userId,
    prompts.userBusinessUnit,
    prompts.createdAt,
    prompts.updatedAt,
  ],
  sql`, `,
)})`;

/**
 * A PromptListItem up to its last key, `"canEdit":`, as SQL text: the prompt's stored head (its fields
 * up to the author, kept by a trigger in prompt_list_items, decision 009), then the author's names
 * (keys as literals, values escaped by to_json).
 * It has no parameters, so it is rendered once: building it on every request cost Node more than
 * PostgreSQL's share of the work.
 */
const ITEM_UP_TO_CAN_EDIT = renderedOnce(
  sql`(coalesce(${promptListItems.head}, ${HEAD_RENDERED_NOW})
    || ',"user":{"firstName":' || to_json(${users.firstName})::text || ',"lastName":' || to_json(${users.lastName})::text || '},"canEdit":')`,
);

/**
 * What every page joins to build its items: the stored heads, the authors, the use and vote counts. A head
 * that is missing (its trigger bypassed) is rendered on the spot, so the prompt is never dropped from a page.
 */
export const ITEM_SOURCES = renderedOnce(
  sql`left join ${promptListItems} on ${promptListItems.promptId} = ${prompts.id} inner join ${users} on ${users.id} = ${prompts.userId}
    left join ${promptUseCounts} on ${promptUseCounts.promptId} = ${prompts.id}
    left join ${promptVoteCounts} on ${promptVoteCounts.promptId} = ${prompts.id}`,
);

/** Marks around matched words in a snippet: control characters that cannot come from the content (it is cleaned of them). */
export const SNIPPET_MARK_START = '\u0002';
export const SNIPPET_MARK_END = '\u0003';
/** Only the start of the content is searched for a snippet, so a long prompt costs no more than a short one. */
const SNIPPET_SOURCE_CHARS = 4000;

/**
 * A short fragment of the content around the best match, matched words marked (ts_headline). It is
 * part of the page's items only, which PostgreSQL computes after the LIMIT (the function is costly).
 */
function snippetSql(tsQuery: SQL): SQL {
  return sql`ts_headline('english', translate(left(${prompts.content}, ${literalInt(SNIPPET_SOURCE_CHARS)}), E'\\x02\\x03', ''), ${tsQuery},
    'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1')`;
}

/** The `snippet` member of a search's items (`,"snippet":"…"` as SQL text), for `itemJson`. */
export function snippetField(tsQuery: SQL): SQL {
  return sql`(',"snippet":' || to_json(${snippetSql(tsQuery)})::text)`;
}

/**
 * A PromptListItem, built in the database: Node neither parses the rows nor serialises them again.
 * `useCount`, `isFavorite` and the votes change far more often than the prompt, so they are read from their own
 * tables for the page's rows rather than stored in the item's head.
 */
export function itemJson(viewer: Viewer, extraField: SQL | null = null): SQL {
  const tail = extraField ? sql`|| ${extraField}` : sql``;
  return sql`(${ITEM_UP_TO_CAN_EDIT} || case when ${canEditPromptSql(viewer)} then 'true' else 'false' end
    || ',"useCount":' || coalesce(${promptUseCounts.useCount}, 0)
    || ',"isFavorite":' || case when ${favoriteOf(viewer.id)} then 'true' else 'false' end
    || ',"votes":{"up":' || coalesce(${promptVoteCounts.up}, 0) || ',"down":' || coalesce(${promptVoteCounts.down}, 0)
    || '},"myVote":' || coalesce('"' || ${myVoteOf(viewer.id)} || '"', 'null')
    || ',"visibility":"' || ${prompts.visibility} || '","status":"' || ${prompts.status} || '","units":' || to_json(${prompts.visibleUnits})::text ${tail} || '}')`;
}

/**
 * The answer row: the page (rows n, id, sort_key, item, at most `limit + 1`) as a JSON array, the key
 * of its last item, and the total (an InitPlan, evaluated once).
 */
export function pageStatement(page: SQL, total: SQL, limit: number): SQL {
  return sql`select '[' || coalesce(string_agg(page.item, ',' order by page.n) filter (where page.n <= ${literalInt(limit)}), '') || ']' as items,
        count(*)::int as fetched,
        max(page.sort_key) filter (where page.n = ${literalInt(limit)}) as last_key,
        max(page.id) filter (where page.n = ${literalInt(limit)}) as last_id,
        ${total} as total
      from ${page} page`;
}

/**
 * Where a list finds its matches' ids and sort keys: `prompts` itself, or for filter-only lists in the
 * default order the narrow `prompt_filter_keys` (same facets and updated_at, fifty rows to a page
 * instead of four), joined back to `prompts` for the page's rows only.
 */
export interface KeySource {
  from: SQL;
  id: AnyPgColumn;
  key: SQL;
  /** For counts and match sets, read through indexes. */
  where: SQL | undefined;
  /** For walks down the sort index, tested row by row. */
  walkWhere: SQL | undefined;
  /** The capped count of `where`, when a cheaper statement than counting it row by row gives the same. */
  cappedCount?: SQL<number>;
}

export interface MatchSetParts {
  keys: KeySource;
  direction: SQL;
  limit: number;
  item: SQL;
  /** The usual page (walking the sort index), run only when the matches exceed the cap. */
  walk: (gate: SQL) => SQL;
}

/**
 * A filtered first page and its count from one read of the matches (id and sort key, at most
 * MATCH_SET_CAP + 1): when they all fit, the page is the top of that set, found without walking the sort
 * index; when they do not, the usual walk runs instead. Both branches are gated on the count, so
 * PostgreSQL runs only one of them. Totals keep the COUNT_CAP rule, so answers match the other path.
 */
export function matchSetStatement({ keys, direction, limit, item, walk }: MatchSetParts): SQL {
  const cap = MATCH_SET_CAP;
  const setOrder = sql`m.k ${direction}, m.id ${direction}`;
  const fits = sql`(select n from counted) <= ${literalInt(cap)}`;
  return sql`with matches as materialized (select ${keys.id} as id, ${keys.key} as k from ${keys.from} where ${keys.where} limit ${literalInt(cap + 1)}),
      counted as (select count(*)::int as n from matches)
    ${pageStatement(
      sql`((select row_number() over (order by ${setOrder}) as n, m.id::text as id, m.k::text as sort_key, ${item} as item
          from (select id, k from matches where ${fits} order by k ${direction}, id ${direction} limit ${literalInt(limit + 1)}) m
          inner join ${prompts} on ${prompts.id} = m.id ${ITEM_SOURCES})
        union all
        (${walk(sql`not ${fits}`)}))`,
      sql`(select least(n, ${literalInt(COUNT_CAP + 1)}) from counted)`,
      limit,
    )}`;
}

export interface SideOrderParts {
  where: SQL | undefined;
  cursor: Cursor | null;
  order: 'asc' | 'desc';
  limit: number;
  item: SQL;
}

/**
 * An order kept in a narrow table of its own beside the prompts: "Most used" (use counts) and "Top
 * rated" (vote scores). Such a table holds only the prompts with a key above 0, indexed on (key,
 * prompt_id); every other prompt's key is 0.
 */
interface SideOrder {
  table: typeof promptUseCounts | typeof promptVoteCounts;
  promptId: AnyPgColumn;
  key: AnyPgColumn;
  /** The key's type, for the cursor's value. */
  type: SQL;
  /** The rows of the table its index holds (those keyed above 0). */
  ranked: SQL;
}

export const SIDE_ORDERS = {
  mostUsed: { table: promptUseCounts, promptId: promptUseCounts.promptId, key: promptUseCounts.useCount, type: sql`int`, ranked: sql`true` },
  topRated: {
    table: promptVoteCounts,
    promptId: promptVoteCounts.promptId,
    key: promptVoteCounts.score,
    type: sql`float8`,
    ranked: sql`${promptVoteCounts.score} > 0`,
  },
} satisfies Record<string, SideOrder>;

/**
 * A page in an order kept beside the prompts (SIDE_ORDERS), key then id, read in two walks instead of
 * sorting every prompt: the ranked prompts down the side table's index on (key, prompt_id), and the
 * others (key 0) down the primary key, each bounded by the LIMIT. The page is the first rows of both.
 * The rows are those of `pageStatement` (n, id, sort_key, item).
 */
export function sideOrderItems(side: SideOrder, { where, cursor, order, limit, item }: SideOrderParts): SQL {
  const desc = order === 'desc';
  // Null orderings that match the indexes walked (the columns are NOT NULL, so results are unaffected):
  // the side tables' order indexes are DESC NULLS LAST, the primary key ASC NULLS LAST; walked backwards,
  // each gives the opposite. Any other spelling makes PostgreSQL sort every row instead.
  const direction = desc ? sql`desc nulls last` : sql`asc nulls first`;
  const idDirection = desc ? sql`desc nulls first` : sql`asc nulls last`;
  const after = desc ? sql`<` : sql`>`;
  const matching = where ?? sql`true`;
  const ranked: SQL[] = [matching, side.ranked];
  const unranked: SQL[] = [matching, sql`not exists (select 1 from ${side.table} where ${side.promptId} = ${prompts.id} and ${side.ranked})`];
  if (cursor) {
    const key = Number(cursor.value);
    ranked.push(sql`(${side.key}, ${side.promptId}) ${after} (${key}::${side.type}, ${cursor.id}::uuid)`);
    // Unranked prompts (key 0) come after every ranked one, highest id first; before them, lowest first.
    if (key === 0) unranked.push(sql`${prompts.id} ${after} ${cursor.id}::uuid`);
    else if (!desc) unranked.push(sql`false`);
  }
  const limitPlusOne = literalInt(limit + 1);
  return sql`select row_number() over (order by k.k ${direction}, k.id ${direction}) as n, k.id::text as id, k.k::text as sort_key, ${item} as item
    from (
      (select ${side.promptId} as id, ${side.key}::${side.type} as k
        from ${side.table} inner join ${prompts} on ${prompts.id} = ${side.promptId}
        where ${sql.join(ranked, sql` and `)}
        order by ${side.key} ${direction}, ${side.promptId} ${direction}
        limit ${limitPlusOne})
      union all
      (select ${prompts.id} as id, 0::${side.type} as k from ${prompts}
        where ${sql.join(unranked, sql` and `)}
        order by ${prompts.id} ${idDirection}
        limit ${limitPlusOne})
    ) k
    inner join ${prompts} on ${prompts.id} = k.id ${ITEM_SOURCES}`;
}
