import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defaultSortOrder, type PromptListQuery, type PromptSort } from '../../../shared/schemas/prompts';
import { type Database, queryRows, renderedOnce } from '../../db/client';
import { promptFilterKeys, promptListItems, prompts, users } from '../../db/schema';
import { PromptDerivedCache } from '../../lib/prompt-derived-cache';
import { filterKeyConditions, filterKeyFacetConditions } from './prompts.filter-keys';
import { facetStats, MATCH_SET_CAP, useMatchSet } from './prompts.match-set';
import { canEditPromptSql } from './prompts.policy';
import { type Cursor, decodeCursor, filterConditions, invalidCursor, rankExpression, searchCondition, searchTerms, typoCondition } from './prompts.search';

/** Counts stop here and are reported as a lower bound ("1,000+"): exact counts of huge match sets cost seconds. */
export const COUNT_CAP = 1_000;
/** Searches with at most this many matches are ranked by relevance; larger ones are ordered by recency. */
export const RANK_CAP = 1_000;

type ListFilters = Pick<PromptListQuery, 'search' | 'businessUnits' | 'aiModels' | 'tags'>;

/**
 * Runs one statement and returns its rows. The list takes it as a parameter so that the benchmark can
 * time (EXPLAIN ANALYZE) exactly the statements the API runs.
 */
export type RunStatement = (db: Database, statement: SQL, prepare?: boolean) => Promise<Record<string, unknown>[]>;

export const runStatement: RunStatement = queryRows;

export interface ListPage {
  /** The items as a JSON array (built by PostgreSQL), in list order. */
  itemsJson: string;
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: Cursor | null;
  orderedBy: PromptSort;
}

export interface ListOptions {
  query: PromptListQuery;
  /** Restricts the list to one author (/api/prompts/my). */
  ownerId?: string;
  /** Who asks: decides each item's `canEdit`. */
  viewer: Parameters<typeof canEditPromptSql>[0];
  /** Count now rather than use a recent total. */
  fresh?: boolean;
}

/** The WHERE clause shared by the list, its count and the export. */
export function promptWhere(query: ListFilters, ownerId?: string, typos = false, wholeWords = false): SQL | undefined {
  const terms = searchTerms(query.search);
  const conditions = [...filterConditions(query)];
  if (terms) conditions.push(typos ? typoCondition(terms) : searchCondition(terms, wholeWords));
  if (ownerId) conditions.push(eq(prompts.userId, ownerId));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * An integer written into the statement text rather than sent as a parameter. LIMITs shape the plan:
 * with a parameter, a prepared statement's generic plan is costed for an unknown limit, looks dearer
 * than it is, and PostgreSQL keeps planning the statement again on every call (half a page's time).
 */
function literalInt(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return sql.raw(String(n));
}

/** `count(*)` of the first `cap + 1` matches: enough to tell "exactly n" from "more than cap". */
function cappedCount(where: SQL | undefined, cap: number, from: SQL = sql`${prompts}`): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${from} where ${where ?? sql`true`} limit ${literalInt(cap + 1)}) capped)`;
}

function toTotal(n: number, cap: number) {
  return n > cap ? { total: cap, lowerBound: true } : { total: n, lowerBound: false };
}

export async function countPrompts(db: Database, where: SQL | undefined, cap = COUNT_CAP, run: RunStatement = runStatement) {
  const [row] = await run(db, sql`select ${cappedCount(where, cap)} as n`);
  return toTotal(Number(row?.n ?? 0), cap);
}

/**
 * The WHERE clause for a list or an export, with its capped count. When the words match nothing (a
 * typo, or only stop words such as "other"), it falls back to titles close to the search.
 */
export async function resolvePromptWhere(db: Database, query: ListFilters, ownerId?: string, run: RunStatement = runStatement) {
  const { typos, total, lowerBound } = await countMatches(db, query, ownerId, run);
  return { where: promptWhere(query, ownerId, typos), total, lowerBound };
}

/**
 * A search's capped count. Whole words are counted first: when they alone pass the cap, so do their
 * prefixes, and the prefix count is never run. It is the dearer one: GIN gathers every match of a
 * prefix into a bitmap before it returns any (9 ms against 4 ms for the 13,500 matches of a rare
 * word at 1M prompts). PostgreSQL runs the second count only when the CASE needs it.
 */
function searchCount(query: ListFilters, ownerId: string | undefined): SQL<number> {
  const wholeWords = cappedCount(promptWhere(query, ownerId, false, true), COUNT_CAP);
  return sql<number>`case when ${wholeWords} > ${literalInt(COUNT_CAP)} then ${literalInt(COUNT_CAP + 1)} else ${cappedCount(promptWhere(query, ownerId), COUNT_CAP)} end`;
}

async function countMatches(db: Database, query: ListFilters, ownerId: string | undefined, run: RunStatement) {
  const searched = searchTerms(query.search) !== null;
  const [row] = await run(db, sql`select ${searched ? searchCount(query, ownerId) : cappedCount(promptWhere(query, ownerId), COUNT_CAP)} as n`);
  const counted = toTotal(Number(row?.n ?? 0), COUNT_CAP);
  if (!searched || counted.total > 0) return { typos: false, ...counted };
  return { typos: true, ...(await countPrompts(db, promptWhere(query, ownerId, true), COUNT_CAP, run)) };
}

/**
 * Totals of recent lists, so that people paging, scrolling or repeating a common list do not count it
 * again. Prompt writes in this process drop them; 5 s bounds staleness across processes.
 */
const listTotals = new PromptDerivedCache<{ typos: boolean; total: number; lowerBound: boolean }>(5_000);
const totalsKey = (query: ListFilters, ownerId?: string) => JSON.stringify([query.search, query.businessUnits, query.aiModels, query.tags, ownerId ?? null]);

function sortKey(sort: PromptSort, rank: SQL<number> | null): SQL {
  switch (sort) {
    case 'relevance':
      return rank!;
    case 'title':
      return sql`lower(${prompts.title})`;
    case 'author':
      return sql`lower(${prompts.authorName})`;
    case 'businessUnit':
      return sql`lower(${prompts.userBusinessUnit})`;
    case 'createdAt':
      return sql`${prompts.createdAt}`;
    default:
      return sql`${prompts.updatedAt}`;
  }
}

/** The head a trigger stores in prompt_list_items, rendered from the prompt's columns (migration 0008). */
const HEAD_RENDERED_NOW = sql`prompt_list_item_head(${sql.join(
  [prompts.id, prompts.title, prompts.contentPreview, prompts.aiModels, prompts.tags, prompts.userId, prompts.userBusinessUnit, prompts.createdAt, prompts.updatedAt],
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
 * What every page joins to build its items: the stored heads and the authors. A head that is missing
 * (its trigger bypassed) is rendered on the spot, so the prompt is never dropped from a page.
 */
const ITEM_SOURCES = renderedOnce(
  sql`left join ${promptListItems} on ${promptListItems.promptId} = ${prompts.id} inner join ${users} on ${users.id} = ${prompts.userId}`,
);

/** A PromptListItem, built in the database: Node neither parses the rows nor serialises them again. */
function itemJson(viewer: ListOptions['viewer']): SQL {
  return sql`(${ITEM_UP_TO_CAN_EDIT} || case when ${canEditPromptSql(viewer)} then 'true' else 'false' end || '}')`;
}

/**
 * The answer row: the page (rows n, id, sort_key, item, at most `limit + 1`) as a JSON array, the key
 * of its last item, and the total (an InitPlan, evaluated once).
 */
function pageStatement(page: SQL, total: SQL, limit: number): SQL {
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
interface KeySource {
  from: SQL;
  id: AnyPgColumn;
  key: SQL;
  /** For counts and match sets, read through indexes. */
  where: SQL | undefined;
  /** For walks down the sort index, tested row by row. */
  walkWhere: SQL | undefined;
}

interface MatchSetParts {
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
function matchSetStatement({ keys, direction, limit, item, walk }: MatchSetParts): SQL {
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

/**
 * One keyset page, answered by one statement that returns one row: the page as a JSON array, the key
 * of its last item and its capped count (an InitPlan, evaluated once). A search counts first, because
 * the count decides between relevance and recency. Timestamps travel in the cursor as text so
 * microseconds survive the round trip.
 */
export async function listPromptPage(db: Database, { query, ownerId, viewer, fresh = false }: ListOptions, run: RunStatement = runStatement): Promise<ListPage> {
  // A bad cursor is refused before any counting.
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const terms = searchTerms(query.search);
  const key = totalsKey(query, ownerId);
  // Read before counting: a total counted across a prompt write is not kept (it may predate the write).
  const since = listTotals.generation(db);
  // A search is counted first: the count decides between relevance and recency, and typo matching.
  const recent = fresh ? undefined : listTotals.peek(db, key);
  let counted = recent ? await recent : undefined;
  if (!counted && terms) {
    counted = await countMatches(db, query, ownerId, run);
    listTotals.set(db, key, Promise.resolve(counted), since);
  }
  const where = promptWhere(query, ownerId, counted?.typos);

  const requested: PromptSort = query.sort ?? (terms ? 'relevance' : 'updatedAt');
  // Ranking costs per match, so only a bounded set is ranked; beyond it the list is newest first.
  const ranked: PromptSort = requested === 'relevance' && (!counted || counted.lowerBound || counted.total > RANK_CAP) ? 'updatedAt' : requested;
  // A search answered newest first stays so across its pages, even if a recount would now rank it.
  const sort: PromptSort = ranked === 'relevance' && cursor?.sort === 'updatedAt' ? 'updatedAt' : ranked;
  const order = query.order ?? defaultSortOrder(sort);
  // A cursor made for another order would restart the list (an endless list repeating its rows).
  if (cursor && (cursor.sort !== sort || cursor.order !== order)) throw invalidCursor();
  const orderKey = sortKey(sort, terms && sort === 'relevance' ? rankExpression(terms) : null);

  const timeSort = sort === 'updatedAt' || sort === 'createdAt';
  const filtered = filterConditions(query).length > 0;
  // Filter-only lists in the default order count and walk the narrow prompt_filter_keys.
  const keys: KeySource =
    filtered && !terms && !ownerId && sort === 'updatedAt'
      ? {
          from: sql`${promptFilterKeys}`,
          id: promptFilterKeys.promptId,
          key: sql`${promptFilterKeys.updatedAt}`,
          where: and(...filterKeyConditions(query, await facetStats(db))),
          walkWhere: and(...filterKeyFacetConditions(query)),
        }
      : { from: sql`${prompts}`, id: prompts.id, key: orderKey, where, walkWhere: where };
  const conditions: SQL[] = keys.walkWhere ? [keys.walkWhere] : [];
  if (cursor) {
    const value = sort === 'relevance' ? sql`${cursor.value}::real` : timeSort ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}`;
    conditions.push(order === 'desc' ? sql`(${keys.key}, ${keys.id}) < (${value}, ${cursor.id}::uuid)` : sql`(${keys.key}, ${keys.id}) > (${value}, ${cursor.id}::uuid)`);
  }

  // Null ordering must match the indexes drizzle-kit wrote (DESC NULLS LAST, ASC NULLS LAST) so that
  // PostgreSQL walks them instead of sorting; the columns are NOT NULL, so results are unaffected.
  const direction = order === 'desc' ? (timeSort ? sql`desc nulls last` : sql`desc nulls first`) : timeSort ? sql`asc nulls first` : sql`asc nulls last`;
  const orderBy = sql`${keys.key} ${direction}, ${keys.id} ${direction}`;
  const limit = query.limit;
  const item = itemJson(viewer);
  const pageItems = (gate: SQL | null) => {
    const matching = and(...conditions, gate ?? undefined) ?? sql`true`;
    if (keys.id !== prompts.id || terms) {
      // The page's keys first (from the narrow table, or a search's matches sorted on their key
      // alone, bounded by the LIMIT); then only those rows are read whole and joined to their authors.
      // In one level, a search sorted every match's joined row (1,369 for a rare word at 100k).
      return sql`select row_number() over (order by k.k ${direction}, k.id ${direction}) as n, k.id::text as id, k.k::text as sort_key, ${item} as item
        from (select ${keys.id} as id, ${keys.key} as k from ${keys.from} where ${matching} order by ${orderBy} limit ${literalInt(limit + 1)}) k
        inner join ${prompts} on ${prompts.id} = k.id ${ITEM_SOURCES}`;
    }
    return sql`select row_number() over (order by ${orderBy}) as n, ${prompts.id}::text as id, (${orderKey})::text as sort_key, ${item} as item
        from ${prompts} ${ITEM_SOURCES}
        where ${matching}
        order by ${orderBy}
        limit ${literalInt(limit + 1)}`;
  };

  let row: Record<string, unknown> | undefined;
  // A filtered first page whose total is not known, expected to match few prompts, reads its matches
  // once for both (prompts.match-set.ts).
  if (filtered && !terms && !counted && !cursor && (await useMatchSet(db, query, limit))) {
    [row] = await run(db, matchSetStatement({ keys: { ...keys, where: keys.where! }, direction, limit, item, walk: pageItems }));
  } else {
    // Without filters or a search the best plan never depends on the values, so the statement is
    // prepared once per connection (planning cost a quarter of the first page).
    const unfiltered = !terms && !filtered;
    [row] = await run(db, pageStatement(sql`(${pageItems(null)})`, counted ? sql`null::int` : cappedCount(keys.where, COUNT_CAP, keys.from), limit), unfiltered);
  }
  const { total, lowerBound } = counted ?? toTotal(Number(row!.total), COUNT_CAP);
  if (!counted) listTotals.set(db, key, Promise.resolve({ typos: false, total, lowerBound }), since);
  const hasMore = Number(row!.fetched) > limit;
  return {
    itemsJson: String(row!.items),
    total,
    totalIsLowerBound: lowerBound,
    orderedBy: sort,
    nextCursor: hasMore ? { sort, order, value: sort === 'relevance' ? Number(row!.last_key) : String(row!.last_key), id: String(row!.last_id) } : null,
  };
}
