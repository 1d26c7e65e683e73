import { and, type SQL, sql } from 'drizzle-orm';
import { defaultSortOrder, type PromptListQuery, type PromptSort } from '../../../shared/schemas/prompts';
import { COLLECTION_MESSAGES } from '../../../shared/schemas/collections';
import { invalidFields } from '../../errors';
import type { Database } from '../../db/client';
import { collectionItems, prompts } from '../../db/schema';
import { PromptDerivedCache, viewerGeneration } from '../../lib/prompt-derived-cache';
import { type Counted, countMatches } from './query.count';
import { type Cursor, decodeCursor, invalidCursor, type ListFilters, type SearchMode, type SearchSuggestion, searchTerms } from './query.parse';
import { planList } from './query.plan';
import { audienceOf } from './query.visibility';
import { listedStatuses } from '../../../shared/schemas/status';
import { COUNT_CAP, cappedCount, literalInt, promptWhere, rankExpression, type RunStatement, runStatement, toTotal, toTsQuery, type Viewer } from './query.sql';
import { ITEM_SOURCES, itemJson, matchSetStatement, pageStatement, SIDE_ORDERS, sideOrderItems, snippetField } from './query.statements';

// A list request from start to end: read the cursor and the search, count (a search's count decides what
// it matches), choose the order and how to read the page (query.plan.ts), then run the one statement
// that answers it (query.statements.ts) and turn its row into a ListPage.

/** Searches with at most this many matches are ranked by relevance; larger ones are ordered by recency. */
export const RANK_CAP = 1_000;

export interface ListPage {
  /** The items as a JSON array (built by PostgreSQL), in list order. */
  itemsJson: string;
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: Cursor | null;
  orderedBy: PromptSort;
  /** For a search: how its list was found, and close words for the words that match nothing. */
  search: { mode: SearchMode; suggestions: SearchSuggestion[] } | null;
}

export interface ListOptions {
  query: PromptListQuery;
  /** Restricts the list to one author (/api/prompts/my). */
  ownerId?: string;
  /** Who asks: decides each item's `canEdit` and `isFavorite`, and whose favourites `favorites` means. */
  viewer: Viewer;
  /** Count now rather than use a recent total. */
  fresh?: boolean;
}

/**
 * Totals of recent lists, so that people paging, scrolling or repeating a common list do not count it
 * again. Prompt writes drop them (here at once, in other instances through NOTIFY).
 */
const listTotals = new PromptDerivedCache<Counted>(5_000);
/** A favourites-only total changes with each star, so it is keyed by the person's generation too. */
const totalsKey = (query: ListFilters, ownerId?: string) =>
  JSON.stringify([
    query.search,
    query.businessUnits,
    query.aiModels,
    query.tags,
    query.visibility,
    query.audience,
    query.statuses,
    ownerId ?? null,
    query.ownership ?? null,
    query.favoritesOf ?? null,
    query.favoritesOf ? viewerGeneration(query.favoritesOf) : null,
    query.collection ?? null,
  ]);

function sortKey(sort: PromptSort, rank: SQL<number> | null, collection: string | undefined): SQL {
  switch (sort) {
    case 'position':
      // Read from collection_items by the plan (query.plan.ts); here for completeness of the key.
      return sql`(select ${collectionItems.position} from ${collectionItems} where ${collectionItems.collectionId} = ${collection ?? null}::uuid and ${collectionItems.promptId} = ${prompts.id})`;
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
    case 'mostUsed':
    case 'topRated':
      // Their pages are read by sideOrderItems; here the key only completes the count's source.
      return sql`0`;
    default:
      return sql`${prompts.updatedAt}`;
  }
}

/**
 * One keyset page, answered by one statement that returns one row: the page as a JSON array, the key
 * of its last item and its capped count (an InitPlan, evaluated once). A search counts first, because
 * the count decides between relevance and recency. Timestamps travel in the cursor as text so
 * microseconds survive the round trip.
 */
export async function listPromptPage(
  db: Database,
  { query: asked, ownerId, viewer, fresh = false }: ListOptions,
  run: RunStatement = runStatement,
): Promise<ListPage> {
  const audience = audienceOf(viewer);
  const statuses = listedStatuses(asked.status, asked.verified, ownerId !== undefined);
  const base = { ...asked, audience, statuses };
  const query: PromptListQuery & ListFilters = asked.favorites ? { ...base, favoritesOf: viewer.id } : base;
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
  const match = counted?.match ?? null;
  const where = promptWhere(query, ownerId, match);

  // A collection is listed in its own order unless another is asked for.
  const requested: PromptSort = query.sort ?? (query.collection ? 'position' : terms ? 'relevance' : 'updatedAt');
  if (requested === 'position' && !query.collection)
    throw invalidFields(COLLECTION_MESSAGES.positionNeedsCollection, { sort: COLLECTION_MESSAGES.positionNeedsCollection });
  // Ranking costs per match, so only a bounded set is ranked; beyond it the list is newest first.
  const ranked: PromptSort = requested === 'relevance' && (!counted || counted.lowerBound || counted.total > RANK_CAP) ? 'updatedAt' : requested;
  // A search answered newest first stays so across its pages, even if a recount would now rank it.
  const sort: PromptSort = ranked === 'relevance' && cursor?.sort === 'updatedAt' ? 'updatedAt' : ranked;
  const order = query.order ?? defaultSortOrder(sort);
  // A cursor made for another order would restart the list (an endless list repeating its rows).
  if (cursor && (cursor.sort !== sort || cursor.order !== order)) throw invalidCursor();
  // A search's items carry a snippet of the content around the match (a match may be in the content only).
  const item = itemJson(viewer, terms && match ? snippetField(toTsQuery(match.query)) : null);
  const limit = query.limit;
  const finish = (row: Record<string, unknown> | undefined) =>
    toListPage(row!, { counted, sort, order, limit, remember: (t) => listTotals.set(db, key, t, since) });
  const orderKey = sortKey(sort, terms && match && sort === 'relevance' ? rankExpression(terms, match) : null, query.collection);

  const timeSort = sort === 'updatedAt' || sort === 'createdAt';
  const plan = await planList(db, {
    query,
    searched: terms !== null,
    ownerId,
    sort,
    counted: counted !== undefined,
    cursor: cursor !== null,
    where,
    whereInItems: query.collection ? promptWhere({ ...query, collection: undefined }, ownerId, match) : undefined,
    orderKey,
  });
  const { keys } = plan;
  if (sort === 'mostUsed' || sort === 'topRated') {
    const total = counted ? sql`null::int` : (keys.cappedCount ?? cappedCount(keys.where, COUNT_CAP, keys.from));
    const page = sideOrderItems(SIDE_ORDERS[sort], { where, cursor, order, limit, item });
    return finish((await run(db, pageStatement(sql`(${page})`, total, limit)))[0]);
  }
  let after: SQL | undefined;
  if (cursor) {
    const value =
      sort === 'relevance'
        ? sql`${cursor.value}::real`
        : timeSort
          ? sql`${cursor.value}::timestamptz`
          : sort === 'position'
            ? sql`${cursor.value}::int`
            : sql`${cursor.value}`;
    after =
      order === 'desc' ? sql`(${keys.key}, ${keys.id}) < (${value}, ${cursor.id}::uuid)` : sql`(${keys.key}, ${keys.id}) > (${value}, ${cursor.id}::uuid)`;
  }
  const conditions = [keys.walkWhere, after].filter((c): c is SQL => c !== undefined);
  // One's own prompts, owned and co-owned: two walks, each in the list's order and cut at a page, merged.
  // One bitmap of both (owner OR co-owner) read every one of the owner's rows to sort them (500 rows
  // for a page of 50: "my prompts" fell from 1,455 to 150 requests a second at 100k prompts).
  // (A collection's own order is read from its items instead: see query.plan.ts.)
  const ownWalks =
    ownerId && !query.ownership && !query.collection
      ? (['owned', 'coOwned'] as const).map((ownership) => promptWhere({ ...query, ownership }, ownerId, match))
      : null;

  // Null ordering must match the indexes drizzle-kit wrote (DESC NULLS LAST, ASC NULLS LAST) so that
  // PostgreSQL walks them instead of sorting; the columns are NOT NULL, so results are unaffected.
  const direction = order === 'desc' ? (timeSort ? sql`desc nulls last` : sql`desc nulls first`) : timeSort ? sql`asc nulls first` : sql`asc nulls last`;
  const orderBy = sql`${keys.key} ${direction}, ${keys.id} ${direction}`;
  const pageItems = (gate: SQL | null) => {
    const matching = and(...conditions, gate ?? undefined) ?? sql`true`;
    if (ownWalks) {
      const walk = (own: SQL | undefined) =>
        sql`(select ${prompts.id} as id, ${orderKey} as k from ${prompts} where ${and(own, after, gate ?? undefined)} order by ${orderBy} limit ${literalInt(limit + 1)})`;
      return sql`select row_number() over (order by k.k ${direction}, k.id ${direction}) as n, k.id::text as id, k.k::text as sort_key, ${item} as item
        from (select id, k from (${sql.join(ownWalks.map(walk), sql` union all `)}) own order by k ${direction}, id ${direction} limit ${literalInt(limit + 1)}) k
        inner join ${prompts} on ${prompts.id} = k.id ${ITEM_SOURCES}`;
    }
    if (plan.keysFirst) {
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
  if (plan.matchSet) {
    [row] = await run(db, matchSetStatement({ keys: { ...keys, where: keys.where! }, direction, limit, item, walk: pageItems }));
  } else {
    [row] = await run(
      db,
      pageStatement(sql`(${pageItems(null)})`, counted ? sql`null::int` : (keys.cappedCount ?? cappedCount(keys.where, COUNT_CAP, keys.from)), limit),
      plan.prepared,
    );
  }
  return finish(row);
}

interface PageContext {
  counted: Counted | undefined;
  sort: PromptSort;
  order: 'asc' | 'desc';
  limit: number;
  /** Keeps a total counted by this page's statement for the next pages. */
  remember: (total: Promise<Counted>) => void;
}

/** A ListPage from the one-row answer of `pageStatement`. */
function toListPage(row: Record<string, unknown>, { counted, sort, order, limit, remember }: PageContext): ListPage {
  const { total, lowerBound } = counted ?? toTotal(Number(row.total), COUNT_CAP);
  if (!counted) remember(Promise.resolve({ match: null, total, lowerBound }));
  const hasMore = Number(row.fetched) > limit;
  const numericKey = sort === 'relevance' || sort === 'mostUsed' || sort === 'topRated' || sort === 'position';
  return {
    itemsJson: String(row.items),
    total,
    totalIsLowerBound: lowerBound,
    orderedBy: sort,
    search: counted?.match ? { mode: counted.match.mode, suggestions: counted.match.suggestions } : null,
    nextCursor: hasMore ? { sort, order, value: numericKey ? Number(row.last_key) : String(row.last_key), id: String(row.last_id) } : null,
  };
}
