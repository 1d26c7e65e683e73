import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PromptListQuery } from '../../../shared/schemas/prompts';
import { type Database, queryRows } from '../../db/client';
import { promptFavorites, prompts } from '../../db/schema';
import { loadSynonyms } from '../search/search-synonyms.service';
import { allWordsMatch, filterConditions, type SearchMatch, type SearchMode, type SearchSuggestion, searchCondition, searchTerms } from './prompts.search';
import { everyWordWithin, probeWords, suggestWords } from './prompts.search-fallback';
import { atLeastQuery, type SynonymIndex, type WordGroup, wordGroups } from './prompts.search-query';

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

/**
 * The WHERE clause shared by the list, its count and the export: the one place that decides which
 * prompts a list holds. `match` is what the search was resolved to (countMatches); without it, every
 * word as typed.
 */
export function promptWhere(query: ListFilters, ownerId?: string, match?: SearchMatch | null, wholeWords = false): SQL | undefined {
  const terms = searchTerms(query.search);
  const conditions = [...filterConditions(query)];
  if (terms) conditions.push(searchCondition(terms, match ?? allWordsMatch(terms.groups), wholeWords));
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

/** A list's capped count and, for a search, what the search matched. */
export interface Counted {
  match: SearchMatch | null;
  total: number;
  lowerBound: boolean;
}

/**
 * The WHERE clause for a list or an export, with its capped count. When the words together match
 * nothing, it falls back on the prompts with most of them, else on titles close to the search.
 */
export async function resolvePromptWhere(db: Database, query: ListFilters, ownerId?: string, run: RunStatement = runStatement) {
  const { match, total, lowerBound } = await countMatches(db, query, ownerId, run);
  return { where: promptWhere(query, ownerId, match), total, lowerBound, match };
}

/**
 * A search's capped count. Whole words are counted first: when they alone pass the cap, so do their
 * prefixes, and the prefix count is never run. It is the dearer one: GIN gathers every match of a
 * prefix into a bitmap before it returns any (9 ms against 4 ms for the 13,500 matches of a rare
 * word at 1M prompts). PostgreSQL runs the second count only when the CASE needs it. With
 * `everyWord` (all the words of a search of several), whole words matching nothing first check that
 * each word matches something on its own: a word that matches nothing makes the count 0 at once.
 */
function searchCount(query: ListFilters, ownerId: string | undefined, match: SearchMatch, everyWord: SQL | null = null): SQL<number> {
  const whole = cappedCount(promptWhere(query, ownerId, match, true), COUNT_CAP);
  const prefixes = cappedCount(promptWhere(query, ownerId, match), COUNT_CAP);
  const absent = everyWord ? sql`when w = 0 and not (${everyWord}) then 0 ` : sql``;
  // OFFSET 0 keeps the whole-word count one subquery, evaluated once, however often the CASE reads it.
  return sql<number>`(select case when w > ${literalInt(COUNT_CAP)} then ${literalInt(COUNT_CAP + 1)} ${absent}else ${prefixes} end
    from (select ${whole} as w offset 0) whole)`;
}

export async function countMatches(db: Database, query: ListFilters, ownerId: string | undefined, run: RunStatement): Promise<Counted> {
  if (!searchTerms(query.search))
    return { match: null, ...toTotal(Number((await run(db, sql`select ${cappedCount(promptWhere(query, ownerId), COUNT_CAP)} as n`))[0]?.n ?? 0), COUNT_CAP) };
  const synonyms = await loadSynonyms(db);
  const groups = wordGroups(query.search, synonyms);
  const all = allWordsMatch(groups);
  const everyWord = groups.length > 1 ? everyWordWithin(groups, promptWhere({ ...query, search: '' }, ownerId)) : null;
  const [row] = await run(db, sql`select ${searchCount(query, ownerId, all, everyWord)} as n`);
  const counted = toTotal(Number(row?.n ?? 0), COUNT_CAP);
  return counted.total > 0 ? { match: all, ...counted } : fallback(db, query, ownerId, groups, synonyms, run);
}

/**
 * The words together match nothing. The list then holds the prompts with the most of the words that
 * match anything on their own (all of those, else all but one, …), ranked. When no word matches
 * anything, it holds the prompts with the close library words offered for them ("Did you mean"), as
 * the corrected search would; only when there are none, titles close to the search. That trigram scan
 * of every title costs far more than the corrected words' index lookups (about 240 ms against a few
 * for "custmer" at 100k prompts) and finds less.
 */
async function fallback(
  db: Database,
  query: ListFilters,
  ownerId: string | undefined,
  groups: WordGroup[],
  synonyms: SynonymIndex,
  run: RunStatement,
): Promise<Counted> {
  const scope = promptWhere({ ...query, search: '' }, ownerId);
  const probes = await probeWords(db, groups, scope, run);
  const present = groups.filter((_, i) => probes[i]!.found);
  const missing = groups.filter((_, i) => probes[i]!.lexemes && !probes[i]!.found);
  const suggestions = await suggestWords(db, query.search, missing, scope, run);
  const lexemes = probes.filter((p) => p.lexemes).length;
  // All present words together, unless they are all the words (which matched nothing): then one fewer.
  const some = await mostOf(db, query, ownerId, present, present.length === lexemes ? present.length - 1 : present.length, 'some', suggestions, run);
  if (some) return some;
  // Each suggestion was checked against the prompts in scope, so at least one of them matches.
  const corrected = present.length ? [] : suggestions.flatMap((s) => wordGroups(s.suggestion, synonyms));
  const close = await mostOf(db, query, ownerId, corrected, corrected.length, 'similar', suggestions, run);
  if (close) return close;
  const similar: SearchMatch = { mode: 'similar', query: allWordsMatch(groups).query, wholeWords: null, suggestions, titles: true };
  return { match: similar, ...(await countPrompts(db, promptWhere(query, ownerId, similar), COUNT_CAP, run)) };
}

/** The prompts with at least `from` of `words` (else `from` − 1, …), counted; null when none has even one. */
async function mostOf(
  db: Database,
  query: ListFilters,
  ownerId: string | undefined,
  words: WordGroup[],
  from: number,
  mode: SearchMode,
  suggestions: SearchSuggestion[],
  run: RunStatement,
): Promise<Counted | null> {
  for (let k = from; k >= 1; k--) {
    const text = atLeastQuery(words, k);
    if (!text) continue;
    const match: SearchMatch = { mode, query: text, wholeWords: atLeastQuery(words, k, false), suggestions };
    const [row] = await run(db, sql`select ${searchCount(query, ownerId, match)} as n`);
    const counted = toTotal(Number(row?.n ?? 0), COUNT_CAP);
    if (counted.total > 0) return { match, ...counted };
  }
  return null;
}
