import { and, type SQL, sql } from 'drizzle-orm';
import type { canEditPrompt } from '../../../shared/policies/prompts';
import type { PromptListQuery } from '../../../shared/schemas/prompts';
import type { Visibility } from '../../../shared/visibility';
import { type Database, queryRows } from '../../db/client';
import { collectionItems, promptFavorites, prompts, promptVotes } from '../../db/schema';
import { PROMPT_STATUSES, type PromptStatus } from '../../../shared/schemas/status';
import { type AudienceViewer, listedFor, ownedBy } from './query.visibility';
import { allWordsMatch, type ListFilters, type SearchMatch, type SearchTerms, searchTerms } from './query.parse';

// The SQL every statement of the engine is written with: the WHERE clause that decides which prompts a
// list holds (filters, search, owner, favourites), its rank, and the capped count. Statements are built
// here, not run; RunStatement is how the later steps run them.

/** Counts stop here and are reported as a lower bound ("1,000+"): exact counts of huge match sets cost seconds. */
export const COUNT_CAP = 1_000;

/**
 * Runs one statement and returns its rows. The list takes it as a parameter so that the benchmark can
 * time (EXPLAIN ANALYZE) exactly the statements the API runs.
 */
export type RunStatement = (db: Database, statement: SQL, prepare?: boolean) => Promise<Record<string, unknown>[]>;

export const runStatement: RunStatement = queryRows;

export const toTsQuery = (text: string): SQL => sql`to_tsquery('english', ${text})`;

/**
 * The search's condition: a full-text match on the weighted vector (title, tags, models, author, unit,
 * content, notes), or titles whose words are close to the search (trigram word similarity), which
 * costs far more and so runs only when no word matches anything and no close word exists.
 */
export function searchCondition(terms: SearchTerms, match: SearchMatch, wholeWords = false): SQL {
  if (match.titles) return sql`${terms.raw} <% ${prompts.title}`;
  return sql`${prompts.searchVector} @@ ${toTsQuery(wholeWords && match.wholeWords ? match.wholeWords : match.query)}`;
}

/** How much a curator's verification lifts a prompt's relevance: above any equal match, and a fifth more. */
export const VERIFIED_BOOST = 1.2;

/**
 * ts_rank's default weights put title (A) above tags (B) above models/author (C) above content (D).
 * A verified prompt's relevance is multiplied by VERIFIED_BOOST, read from the row being ranked anyway.
 */
export function rankExpression(terms: SearchTerms, match: SearchMatch): SQL<number> {
  const boost = sql`case when ${prompts.status} = 'verified' then ${sql.raw(String(VERIFIED_BOOST))} else 1 end`;
  return sql<number>`((ts_rank(${prompts.searchVector}, ${toTsQuery(match.query)}) + 0.05 * word_similarity(${terms.raw}, ${prompts.title})) * ${boost})::real`;
}

/**
 * Filters: any value within one list, every list across. All three test the `facets`
 * array ("u:…", "m:…", "t:…"), so PostgreSQL answers them together from one GIN index scan.
 * (Filter-only lists read `prompt_filter_keys` instead: filterKeyConditions in query.plan.ts.)
 */
export function filterConditions(query: Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>): SQL[] {
  const anyOf = (prefix: string, values: string[]) =>
    sql`${prompts.facets} && array[${sql.join(
      values.map((v) => sql`${prefix + v}`),
      sql`, `,
    )}]::text[]`;
  const conditions: SQL[] = [];
  if (query.businessUnits.length) conditions.push(anyOf('u:', query.businessUnits));
  if (query.aiModels.length) conditions.push(anyOf('m:', query.aiModels));
  if (query.tags.length) conditions.push(anyOf('t:', query.tags));
  return conditions;
}

/**
 * The WHERE clause shared by the list, its count and the export: the one place that decides which
 * prompts a list holds. `match` is what the search was resolved to (countMatches, query.count.ts); without it, every
 * word as typed.
 */
export function promptWhere(query: ListFilters, ownerId?: string, match?: SearchMatch | null, wholeWords = false): SQL | undefined {
  const terms = searchTerms(query.search);
  const conditions = [...scopeConditions(query, ownerId, terms !== null)];
  if (terms) conditions.push(searchCondition(terms, match ?? allWordsMatch(terms.groups), wholeWords));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Everything of the list but its search: the scope in which a search's words are probed and its
 * fallbacks are looked for (query.count.ts), always ANDed with a search condition.
 */
export function searchScopeWhere(query: ListFilters, ownerId?: string): SQL | undefined {
  const conditions = scopeConditions(query, ownerId, true);
  return conditions.length ? and(...conditions) : undefined;
}

function scopeConditions(query: ListFilters, ownerId: string | undefined, searched: boolean): SQL[] {
  const conditions = [...filterConditions(query)];
  if (ownerId) conditions.push(ownedBy(ownerId, query.ownership));
  if (query.favoritesOf) conditions.push(favoriteOf(query.favoritesOf));
  if (query.collection) conditions.push(inCollection(query.collection));
  // One's own prompts are all visible to one: a list of them needs no audience test (and the planner,
  // offered one, ANDs the whole audience index with the owner's few rows). Everyone else's lists match
  // the viewer's keys for the statuses shown, which leaves drafts and deprecated prompts out.
  if (!ownerId) conditions.push(listedFor(query.audience, query.statuses, prompts.audience, searched));
  const status = statusRowCondition(query.statuses, ownerId !== undefined);
  if (status) conditions.push(status);
  if (query.visibility.length) conditions.push(visibilityIn(query.visibility));
  return conditions;
}

/**
 * The test of each row's `status` a list needs beyond its audience keys: those tell drafts and
 * deprecated prompts apart but not published from verified, and one's own lists test no keys at all.
 * Null when the keys say all (the lists people use most: the prompt_filter_keys table has no status).
 */
export function statusRowCondition(statuses: readonly PromptStatus[], ownList: boolean): SQL | null {
  const splitsLive = statuses.includes('published') !== statuses.includes('verified');
  if (ownList ? statuses.length === PROMPT_STATUSES.length : !splitsLive) return null;
  if (!statuses.length) return sql`false`;
  // Constants, not parameters (they are PROMPT_STATUSES' own words): a prepared list's generic plan
  // then knows which status it reads, and walks the verified prompts' own index for "Verified only".
  return sql`${prompts.status} in (${sql.raw(statuses.map((s) => `'${PROMPT_STATUSES.find((known) => known === s)!}'`).join(', '))})`;
}

/** The sidebar's visibility filter: prompts of any of these visibilities (among those the viewer sees). */
export function visibilityIn(visibilities: readonly Visibility[]): SQL {
  return sql`${prompts.visibility} in (${sql.join(
    visibilities.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The prompt is in the collection (a primary-key probe of collection_items per prompt). */
export function inCollection(collectionId: string): SQL {
  return sql`exists (select 1 from ${collectionItems} where ${collectionItems.collectionId} = ${collectionId}::uuid and ${collectionItems.promptId} = ${prompts.id})`;
}

/** The prompt is one of `userId`'s favourites (a semi-join PostgreSQL can drive from their few rows). */
export function favoriteOf(userId: string): SQL {
  return sql`exists (select 1 from ${promptFavorites} where ${promptFavorites.userId} = ${userId}::uuid and ${promptFavorites.promptId} = ${prompts.id})`;
}

/** The viewer's vote on the row's prompt ('up', 'down'), or null: one primary-key probe per item. */
export function myVoteOf(userId: string): SQL {
  return sql`(select ${promptVotes.value} from ${promptVotes} where ${promptVotes.promptId} = ${prompts.id} and ${promptVotes.userId} = ${userId}::uuid)`;
}

/**
 * An integer written into the statement text rather than sent as a parameter. LIMITs shape the plan:
 * with a parameter, a prepared statement's generic plan is costed for an unknown limit, looks dearer
 * than it is, and PostgreSQL keeps planning the statement again on every call (half a page's time).
 */
export function literalInt(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return sql.raw(String(n));
}

/** `count(*)` of the first `cap + 1` matches: enough to tell "exactly n" from "more than cap". */
export function cappedCount(where: SQL | undefined, cap: number, from: SQL = sql`${prompts}`): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${from} where ${where ?? sql`true`} limit ${literalInt(cap + 1)}) capped)`;
}

export function toTotal(n: number, cap: number) {
  return n > cap ? { total: cap, lowerBound: true } : { total: n, lowerBound: false };
}

/** Who asks for a list: decides what it holds, and each item's `canEdit` and `isFavorite`. */
export type Viewer = Parameters<typeof canEditPrompt>[0] & AudienceViewer;

/**
 * `canEditPrompt` (src/shared/policies/prompts.ts) as a SQL expression over the prompts row, for lists
 * whose items PostgreSQL builds. query.list.test.ts checks that both answer alike for every role.
 */
export function canEditPromptSql(viewer: Parameters<typeof canEditPrompt>[0]): SQL<boolean> {
  if (viewer.role === 'admin') return sql<boolean>`true`;
  if (viewer.role === 'edit') return sql<boolean>`(${prompts.userId} = ${viewer.id}::uuid or ${viewer.id}::uuid = any(${prompts.coOwnerIds}))`;
  return sql<boolean>`false`;
}
