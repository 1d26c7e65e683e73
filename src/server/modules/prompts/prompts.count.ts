import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PromptListQuery } from '../../../shared/schemas/prompts';
import { type Database, queryRows } from '../../db/client';
import { promptFavorites, prompts } from '../../db/schema';
import { filterConditions, searchCondition, searchTerms, typoCondition } from './prompts.search';

// Which prompts a list or an export holds (its WHERE clause) and how many, counted up to a cap.

/** Counts stop here and are reported as a lower bound ("1,000+"): exact counts of huge match sets cost seconds. */
export const COUNT_CAP = 1_000;
export type ListFilters = Pick<PromptListQuery, 'search' | 'businessUnits' | 'aiModels' | 'tags'> & {
  /** Only this person's favourites. */
  favoritesOf?: string;
};

/**
 * Runs one statement and returns its rows. The list takes it as a parameter so that the benchmark can
 * time (EXPLAIN ANALYZE) exactly the statements the API runs.
 */
export type RunStatement = (db: Database, statement: SQL, prepare?: boolean) => Promise<Record<string, unknown>[]>;

export const runStatement: RunStatement = queryRows;

/** The WHERE clause shared by the list, its count and the export. */
export function promptWhere(query: ListFilters, ownerId?: string, typos = false, wholeWords = false): SQL | undefined {
  const terms = searchTerms(query.search);
  const conditions = [...filterConditions(query)];
  if (terms) conditions.push(typos ? typoCondition(terms) : searchCondition(terms, wholeWords));
  if (ownerId) conditions.push(eq(prompts.userId, ownerId));
  if (query.favoritesOf) conditions.push(favoriteOf(query.favoritesOf));
  return conditions.length ? and(...conditions) : undefined;
}

/** The prompt is one of `userId`'s favourites (a semi-join PostgreSQL can drive from their few rows). */
export function favoriteOf(userId: string): SQL {
  return sql`exists (select 1 from ${promptFavorites} where ${promptFavorites.userId} = ${userId}::uuid and ${promptFavorites.promptId} = ${prompts.id})`;
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

export async function countMatches(db: Database, query: ListFilters, ownerId: string | undefined, run: RunStatement) {
  const searched = searchTerms(query.search) !== null;
  const [row] = await run(db, sql`select ${searched ? searchCount(query, ownerId) : cappedCount(promptWhere(query, ownerId), COUNT_CAP)} as n`);
  const counted = toTotal(Number(row?.n ?? 0), COUNT_CAP);
  if (!searched || counted.total > 0) return { typos: false, ...counted };
  return { typos: true, ...(await countPrompts(db, promptWhere(query, ownerId, true), COUNT_CAP, run)) };
}
