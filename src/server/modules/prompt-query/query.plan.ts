import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PromptListQuery, PromptSort } from '../../../shared/schemas/prompts';
import { type Database, queryRows } from '../../db/client';
import { collectionItems, promptFilterKeys, prompts } from '../../db/schema';
import { PromptDerivedCache } from '../../lib/prompt-derived-cache';
import type { ListFilters } from './query.parse';
import { statusRowCondition, COUNT_CAP, filterConditions } from './query.sql';
import { cappedVisibleCount, listedFor, listingKeys } from './query.visibility';
import { type KeySource, MATCH_SET_CAP } from './query.statements';

// How a page is read, decided before any statement is built: where its keys come from (prompts, or the
// narrow prompt_filter_keys written with the cheapest filter keys), whether its matches are read whole
// (the match set), and whether the statement can be prepared. The choice only changes the cost, never
// the answer: it rests on PostgreSQL's own statistics of the facets.

type Filters = Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>;

/**
 * How many prompts a filter list will match, estimated from PostgreSQL's own statistics on the
 * `facets` column (the share of rows holding each value, kept by ANALYZE / autovacuum). The list
 * uses it only to choose how to read the matches; answers are exact either way.
 */
export interface FacetStats {
  /** Rows in the table when it was last analysed. */
  rows: number;
  /** Share of rows holding each facet value ("u:Unit 3" → 0.1). */
  share: Map<string, number>;
  /** The share assumed for a value missing from the statistics: at most the rarest one listed. */
  rareShare: number;
}

/** Statistics change only when the table is analysed, not on each write; a minute's delay costs nothing. */
const statsCache = new PromptDerivedCache<FacetStats | null>(60_000, 1, true);

async function loadFacetStats(db: Database): Promise<FacetStats | null> {
  const [row] = await queryRows(
    db,
    sql`select c.reltuples::float8 as rows, s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs
        from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'prompts' and s.attname = 'facets'
        where c.oid = 'prompts'::regclass`,
  );
  const elems = row?.elems as string[] | null | undefined;
  const freqs = row?.freqs as number[] | null | undefined;
  const rows = Number(row?.rows ?? -1);
  // Never analysed (reltuples -1, no statistics): no estimate, and the list reads as it always did.
  if (!elems?.length || !freqs?.length || rows <= 0) return null;
  const share = new Map(elems.map((value, i) => [value, Number(freqs[i])]));
  // After the per-value shares, pg_stats appends the minimum and maximum share (and the null share).
  const rareShare = Number(freqs[elems.length] ?? Math.min(...share.values()));
  return { rows, share, rareShare };
}

export function facetStats(db: Database): Promise<FacetStats | null> {
  return statsCache.get(db, 'facets', () => loadFacetStats(db));
}

/**
 * Rows expected to match: any value within a list (shares added, at most 1), every list across
 * (shares multiplied, as if independent, which is how PostgreSQL's planner estimates them too).
 */
export function estimateFilterMatches(stats: FacetStats, filters: Filters): number {
  const lists: Array<[string, string[]]> = [
    ['u:', filters.businessUnits],
    ['m:', filters.aiModels],
    ['t:', filters.tags],
  ];
  let share = 1;
  for (const [prefix, values] of lists) {
    if (!values.length) continue;
    share *= Math.min(
      1,
      values.reduce((sum, v) => sum + (stats.share.get(prefix + v) ?? stats.rareShare), 0),
    );
  }
  return share * stats.rows;
}

/**
 * Whether a filtered first page should read its matches whole (up to MATCH_SET_CAP) rather than
 * count and then walk the sort index.
 *
 * The usual way costs a capped count (about COUNT_CAP matches read) plus a walk down the sort index
 * past about `limit × rows / matches` rows until the page is full: cheap when matches are many, dear
 * when they are few (the combined filters of the 1M benchmark walked 12,600 rows for a page of 50).
 * Reading every match costs one row each and answers both. So the match set is read when the
 * statistics expect at most √(limit × rows) matches (7,100 at 1M prompts, 2,300 at 100k), and at most
 * half the cap, so that a misestimate still fits. Without statistics (never analysed), never.
 */
export async function useMatchSet(db: Database, filters: Filters, limit: number): Promise<boolean> {
  const stats = await facetStats(db);
  if (!stats) return false;
  return estimateFilterMatches(stats, filters) <= Math.min(Math.sqrt((limit + 1) * stats.rows), MATCH_SET_CAP / 2);
}

interface FilterList {
  kind: 'u' | 'm' | 't';
  values: string[];
  /** Share of prompts expected to match any of the values. */
  share: number;
}

/** One ANDed term of the WHERE clause: the prompt holds any of these keys (facets or pairs). */
interface Term {
  pairs: boolean;
  keys: SQL[];
  /** Posting entries GIN decodes for it, as a share of all prompts. */
  cost: number;
}

/** A pair term holds one key per combination of its two lists' values; past this it is not offered. */
const MAX_PAIR_KEYS = 64;
/** The share assumed for a value when the table has no statistics yet. */
const UNKNOWN_SHARE = 0.1;

function filterLists(filters: Filters, stats: FacetStats | null): FilterList[] {
  const lists: Array<[FilterList['kind'], string[]]> = [
    ['u', filters.businessUnits],
    ['m', filters.aiModels],
    ['t', filters.tags],
  ];
  return lists
    .filter(([, values]) => values.length > 0)
    .map(([kind, values]) => {
      const share = values.reduce((sum, v) => sum + (stats ? (stats.share.get(`${kind}:${v}`) ?? stats.rareShare) : UNKNOWN_SHARE), 0);
      return { kind, values, share: Math.min(1, share) };
    });
}

const single = (list: FilterList): Term => ({ pairs: false, keys: list.values.map((v) => sql`${`${list.kind}:${v}`}`), cost: list.share });

/** Both lists at once: "um", "ut" or "mt" keys, built by prompt_facet_pair in the format prompt_facet_pairs indexes (migration 0007). */
function pair(a: FilterList, b: FilterList): Term | null {
  if (a.values.length * b.values.length > MAX_PAIR_KEYS) return null;
  const kind = a.kind + b.kind;
  return { pairs: true, keys: a.values.flatMap((x) => b.values.map((y) => sql`prompt_facet_pair(${kind}, ${x}, ${y})`)), cost: a.share * b.share };
}

/** Each way to write the filters as ANDed terms (singles and pairs covering every list), with its cost. */
export function filterKeyCovers(filters: Filters, stats: FacetStats | null): Array<{ cost: number; conditions: SQL[] }> {
  const lists = filterLists(filters, stats);
  const covers: Array<Array<Term | null>> = [lists.map(single)];
  const [a, b, c] = lists;
  if (a && b && !c) covers.push([pair(a, b)]);
  if (a && b && c) {
    covers.push([pair(a, b), pair(a, c)], [pair(a, b), pair(b, c)], [pair(a, c), pair(b, c)]);
    covers.push([pair(a, b), single(c)], [pair(a, c), single(b)], [pair(b, c), single(a)]);
  }
  return covers
    .filter((terms): terms is Term[] => terms.every((t) => t !== null))
    .map((terms) => ({
      cost: terms.reduce((sum, t) => sum + t.cost, 0),
      conditions: terms.map(
        (term) =>
          sql`${term.pairs ? sql`prompt_facet_pairs(${promptFilterKeys.facets})` : promptFilterKeys.facets} && array[${sql.join(term.keys, sql`, `)}]::text[]`,
      ),
    }));
}

/**
 * The conditions on `prompt_filter_keys.facets` for these filters (any value within a list, every
 * list across), written with the fewest posting entries to decode. GIN intersects ANDed keys by
 * decoding their posting lists, which costs per entry: at 1M prompts, one unit, ChatGPT and two tags
 * decode 640k entries (17 ms). Pairs of lists held as one key ("Unit 3 with ChatGPT": 43k entries)
 * decode far fewer. Every cover gives the same matches; the one with the smallest expected cost
 * (shares multiplied as if independent) is chosen.
 */
export function filterKeyConditions(filters: Filters, stats: FacetStats | null): SQL[] {
  return filterKeyCovers(filters, stats).reduce((best, cover) => (cover.cost < best.cost ? cover : best)).conditions;
}

/**
 * The same filters as facets only, for walks down the date index: there each row is tested on its
 * own, and pairs would be computed row by row rather than read from their index.
 */
export function filterKeyFacetConditions(filters: Filters): SQL[] {
  return filterKeyCovers(filters, null)[0]!.conditions;
}

/** The viewer's audience condition on the narrow table (which carries each prompt's audience too). */
export function narrowAudience(query: Pick<ListFilters, 'audience' | 'statuses'>): SQL[] {
  return [listedFor(query.audience, query.statuses, promptFilterKeys.audience)];
}

/** How a page is read: the four ways below, each chosen by what the list asks for. */
export interface ListPlan {
  /**
   * Where the matches' ids and sort keys come from: filter-only lists in the default order read the
   * narrow prompt_filter_keys (same facets and updated_at, fifty rows to a page instead of four).
   */
  keys: KeySource;
  /**
   * Pick the page's keys first, then read only those rows whole (the narrow table, or a search, whose
   * matches would otherwise each be joined before the sort); else walk the prompts in order directly.
   */
  keysFirst: boolean;
  /** A filtered first page whose total is unknown and expected small reads its matches once for both. */
  matchSet: boolean;
  /** No filter, no search: the best plan never depends on the values, so prepare it once per connection. */
  prepared: boolean;
}

/**
 * A collection in its own order: its items walked down collection_items_order_idx (collection_id,
 * position, prompt_id), each joined to its prompt for the list's conditions (visibility, search,
 * filters). The keyset cursor is (position, prompt_id), unique within the collection.
 */
function collectionKeys(collectionId: string, where: SQL | undefined): KeySource {
  const condition = and(eq(collectionItems.collectionId, collectionId), where);
  return {
    from: sql`${collectionItems} inner join ${prompts} on ${prompts.id} = ${collectionItems.promptId}`,
    id: collectionItems.promptId,
    key: sql`${collectionItems.position}`,
    where: condition,
    walkWhere: condition,
  };
}

interface PlanInputs {
  query: PromptListQuery & ListFilters;
  searched: boolean;
  ownerId: string | undefined;
  sort: PromptSort;
  /** The total is already known (a search counts first, or a recent total is cached). */
  counted: boolean;
  /** A later page (after a cursor). */
  cursor: boolean;
  /** The list's WHERE clause on prompts, and its sort key there (used unless the narrow table is read). */
  where: SQL | undefined;
  /** The same without "in the collection", for a collection's list read from its own items. */
  whereInItems: SQL | undefined;
  orderKey: SQL;
}

export async function planList(
  db: Database,
  { query, searched, ownerId, sort, counted, cursor, where, whereInItems, orderKey }: PlanInputs,
): Promise<ListPlan> {
  const filtered = filterConditions(query).length > 0;
  // A person's favourites are few: their keys are picked first, like a search's matches.
  const favorites = query.favoritesOf !== undefined;
  // The most-used order counts its filter matches in the narrow table too (its pages walk use counts).
  // A member's keys are a filter too: their unfiltered list reads the narrow table, whose rows carry the
  // audience, rather than test it on the wide prompt rows (a count of 1,001 read 409 pages of prompts).
  // So does an admin's, whose list leaves drafts and deprecated prompts out by their audience markers:
  // its total is an index-only count of prompt_filter_keys_listed_idx.
  // The narrow table holds no visibility column: a visibility filter reads prompts.
  const narrowed = true;
  // The narrow table knows nothing of collections: a collection's list reads its items and their prompts.
  const collection = query.collection;
  if (collection) {
    // Whatever the sort, the matches are the collection's few items (at most MAX_COLLECTION_ITEMS).
    // Read from the items, the list needs no second "is in the collection" test: with it, PostgreSQL
    // joined every item twice and sorted them all (500 prompt rows for a page of 50, about 4 ms more at 1M).
    // In its own order, without search or filters, the best plan is the same for every collection and
    // member (walk the items, join each prompt): prepared once per connection, it is not planned per call.
    if (sort === 'position')
      return { keys: collectionKeys(collection, whereInItems), keysFirst: true, matchSet: false, prepared: !searched && !filtered && !favorites };
    return { keys: { from: sql`${prompts}`, id: prompts.id, key: orderKey, where, walkWhere: where }, keysFirst: true, matchSet: false, prepared: false };
  }
  // Nor a status: its keys tell drafts and deprecated prompts apart, not published from verified.
  const statusTested = statusRowCondition(query.statuses, ownerId !== undefined) !== null;
  const filterKeys =
    narrowed &&
    !searched &&
    !ownerId &&
    !favorites &&
    !query.visibility.length &&
    !statusTested &&
    (sort === 'updatedAt' || sort === 'mostUsed' || sort === 'topRated');
  const matchSet =
    filtered && !searched && !favorites && sort !== 'mostUsed' && sort !== 'topRated' && !counted && !cursor && (await useMatchSet(db, query, query.limit));
  const keys: KeySource = filterKeys
    ? {
        from: sql`${promptFilterKeys}`,
        id: promptFilterKeys.promptId,
        key: sql`${promptFilterKeys.updatedAt}`,
        where: and(...filterKeyConditions(query, await facetStats(db)), ...narrowAudience(query)),
        walkWhere: and(...filterKeyFacetConditions(query), ...narrowAudience(query)),
        cappedCount: !filtered && query.audience ? cappedVisibleCount(listingKeys(query.audience, query.statuses), COUNT_CAP) : undefined,
      }
    : { from: sql`${prompts}`, id: prompts.id, key: orderKey, where, walkWhere: where };
  return { keys, keysFirst: filterKeys || searched || favorites, matchSet, prepared: !searched && !filtered && !favorites };
}
