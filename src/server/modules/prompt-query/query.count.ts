import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prompts, searchWords } from '../../db/schema';
import type { SynonymIndex } from '../../lib/search-words';
import { loadSynonyms } from '../search/search-synonyms.service';
import {
  allWordsMatch,
  atLeastQuery,
  editDistance,
  groupQuery,
  type ListFilters,
  maxEdits,
  type SearchMatch,
  type SearchMode,
  type SearchSuggestion,
  searchTerms,
  type WordGroup,
  wordGroups,
} from './query.parse';
import { cappedCount, COUNT_CAP, literalInt, promptWhere, type RunStatement, searchScopeWhere, runStatement, toTotal } from './query.sql';

// How many prompts a list or an export holds, counted up to a cap, and for a search what it matches:
// every word, else most of them, else close words or titles. The count decides, so both are one step.

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
  const everyWord = groups.length > 1 ? everyWordWithin(groups, searchScopeWhere(query, ownerId)) : null;
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
  const scope = searchScopeWhere(query, ownerId);
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

// What a search falls back on when its words together match nothing: which words match anything on
// their own (for the some-words list), and close words for those that do not ("Did you mean …?").
// `scope` is the list's WHERE clause without the search (filters, owner, favourites), so that neither
// ever counts or suggests from prompts the list itself would not show.

/** Words the nearest-words scan proposes, before they are ranked by edits and checked against the prompts. */
const CANDIDATES = 40;
/** Candidates checked against the prompts, best first; the first found is the suggestion. */
const CHECKED = 5;
/** Words of one search offered a suggestion. */
const SUGGESTED_WORDS = 3;

interface WordProbe {
  /** The group has words that are not stop words ("the", "how"), so it can match at all. */
  lexemes: boolean;
  /** Some prompt within the scope matches the group on its own. */
  found: boolean;
}

/**
 * Some prompt in scope matches: its first few matches counted, not EXISTS. Under EXISTS (a LIMIT 1)
 * PostgreSQL reads the table in order, expecting an early match, since it estimates any prefix search
 * at 0.5 % of the rows at least: for a word no prompt holds, at 1M prompts, it read all of them (860 ms).
 * Asked for ten, it takes the GIN index (2 ms), and still reads in order for a common word.
 */
const within = (scope: SQL | undefined, tsQuery: SQL) =>
  sql`(select count(*) from (select 1 from ${prompts} where ${and(scope, sql`${prompts.searchVector} @@ ${tsQuery}`)} limit 10) m) > 0`;

/**
 * Each group with lexemes matches some prompt in scope on its own: false when one matches nothing, and
 * then neither can all of them together. Cheap for such a word (an empty GIN lookup), where counting
 * all the words as prefixes first gathers every match of each other word's prefix (83 ms for
 * "customer email qxzqv" at 1M prompts).
 */
function everyWordWithin(groups: WordGroup[], scope: SQL | undefined): SQL {
  const each = groups.map((g) => {
    const query = sql`to_tsquery('english', ${groupQuery(g)})`;
    return sql`(numnode(${query}) = 0 or ${within(scope, query)})`;
  });
  return sql.join(each, sql` and `);
}

/** One statement: for each group, whether it has lexemes and whether anything in scope matches it. */
async function probeWords(db: Database, groups: WordGroup[], scope: SQL | undefined, run: RunStatement): Promise<WordProbe[]> {
  const columns = groups.map((g, i) => {
    const query = sql`to_tsquery('english', ${groupQuery(g)})`;
    return sql`numnode(${query}) > 0 as ${sql.raw(`l${i}`)}, ${within(scope, query)} as ${sql.raw(`f${i}`)}`;
  });
  const [row] = await run(db, sql`select ${sql.join(columns, sql`, `)}`);
  return groups.map((_, i) => ({ lexemes: row?.[`l${i}`] === true, found: row?.[`f${i}`] === true }));
}

const LETTERS_ONLY = /^\p{L}+$/u;

/** The search with one word replaced, keeping the rest as typed. */
function replaceWord(search: string, word: string, by: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return search.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), by);
}

/**
 * The closest library word to `word`: the nearest words by trigram distance (GiST index), ranked by
 * edit distance (trigrams miss transpositions: "wrtier" and "writer" share 3 of 11), then checked
 * against the prompts in scope, since the word list keeps words whose prompts are gone.
 */
async function closestWord(db: Database, word: string, scope: SQL | undefined, run: RunStatement): Promise<string | null> {
  const rows = await run(
    db,
    sql`select ${searchWords.word} as word, similarity(${searchWords.word}, ${word}) as s from ${searchWords}
      order by ${searchWords.word} <-> ${word} limit ${sql.raw(String(CANDIDATES))}`,
  );
  const limit = maxEdits(word);
  const ranked = rows
    .map((r) => ({ word: String(r.word), s: Number(r.s), edits: editDistance(word, String(r.word)) }))
    .filter((c) => c.word !== word && c.edits <= limit && LETTERS_ONLY.test(c.word))
    .sort((a, b) => a.edits - b.edits || b.s - a.s || a.word.localeCompare(b.word))
    .slice(0, CHECKED);
  if (!ranked.length) return null;
  const checks = ranked.map((c, i) => {
    const query = sql`to_tsquery('english', ${c.word})`;
    return sql`(numnode(${query}) > 0 and ${within(scope, query)}) as ${sql.raw(`c${i}`)}`;
  });
  const [row] = await run(db, sql`select ${sql.join(checks, sql`, `)}`);
  return ranked.find((_, i) => row?.[`c${i}`] === true)?.word ?? null;
}

/** "Did you mean …?" for words of the search that match nothing in scope, when a close word does. */
async function suggestWords(db: Database, search: string, missing: WordGroup[], scope: SQL | undefined, run: RunStatement): Promise<SearchSuggestion[]> {
  const words = missing
    .map((g) => g.word)
    .filter((w) => w.length >= 3 && LETTERS_ONLY.test(w))
    .slice(0, SUGGESTED_WORDS);
  const suggestions: SearchSuggestion[] = [];
  for (const word of words) {
    const suggestion = await closestWord(db, word, scope, run);
    if (suggestion) suggestions.push({ word, suggestion, search: replaceWord(search, word, suggestion) });
  }
  return suggestions;
}
