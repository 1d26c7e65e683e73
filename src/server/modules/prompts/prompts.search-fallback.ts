import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prompts, searchWords } from '../../db/schema';
import type { RunStatement } from './prompts.count';
import type { SearchSuggestion } from './prompts.search';
import { editDistance, groupQuery, maxEdits, type WordGroup } from './prompts.search-query';

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

export interface WordProbe {
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
export function everyWordWithin(groups: WordGroup[], scope: SQL | undefined): SQL {
  const each = groups.map((g) => {
    const query = sql`to_tsquery('english', ${groupQuery(g)})`;
    return sql`(numnode(${query}) = 0 or ${within(scope, query)})`;
  });
  return sql.join(each, sql` and `);
}

/** One statement: for each group, whether it has lexemes and whether anything in scope matches it. */
export async function probeWords(db: Database, groups: WordGroup[], scope: SQL | undefined, run: RunStatement): Promise<WordProbe[]> {
  const columns = groups.map((g, i) => {
    const query = sql`to_tsquery('english', ${groupQuery(g)})`;
    return sql`numnode(${query}) > 0 as ${sql.raw(`l${i}`)}, ${within(scope, query)} as ${sql.raw(`f${i}`)}`;
  });
  const [row] = await run(db, sql`select ${sql.join(columns, sql`, `)}`);
  return groups.map((_, i) => ({ lexemes: row?.[`l${i}`] === true, found: row?.[`f${i}`] === true }));
}

const LETTERS_ONLY = /^\p{L}+$/u;

/** The search with one word replaced, keeping the rest as typed. */
export function replaceWord(search: string, word: string, by: string): string {
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
export async function suggestWords(db: Database, search: string, missing: WordGroup[], scope: SQL | undefined, run: RunStatement): Promise<SearchSuggestion[]> {
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
