import { type SQL, sql } from 'drizzle-orm';
import { INVALID_CURSOR_MESSAGE, PROMPT_SORTS, type PromptListQuery, type PromptSort } from '../../../shared/schemas/prompts';
import { prompts } from '../../db/schema';
import { invalidFields } from '../../errors';
import { allWordsQuery, type WordGroup, wordGroups } from './prompts.search-query';

/**
 * How a search's list was found: every word, most of the words, or, when no word matches anything,
 * close words (the suggestions) or else titles close to the search.
 */
export type SearchMode = 'all' | 'some' | 'similar';

/** "Did you mean …?": a word no prompt holds, a close word that some prompt does, and the search with it. */
export interface SearchSuggestion {
  word: string;
  suggestion: string;
  search: string;
}

/** What a search matches, decided when it is counted (prompts.count.ts) and kept with its total. */
export interface SearchMatch {
  mode: SearchMode;
  /** The tsquery text: all words, some of them, or close words; with `titles`, all words (for snippets). */
  query: string;
  /** The same words as whole words only (none for titles): its matches are a subset of `query`'s. */
  wholeWords: string | null;
  suggestions: SearchSuggestion[];
  /** `similar` only: titles close to the search (trigram word similarity) rather than `query`. */
  titles?: boolean;
}

export interface SearchTerms {
  raw: string;
  groups: WordGroup[];
}

export function searchTerms(search: string): SearchTerms | null {
  const groups = wordGroups(search);
  return groups.length ? { raw: search.slice(0, 200), groups } : null;
}

/** Every word (each as a word or a word prefix), with the synonyms given: the first thing a search tries. */
export function allWordsMatch(groups: WordGroup[]): SearchMatch {
  return { mode: 'all', query: allWordsQuery(groups)!, wholeWords: allWordsQuery(groups, false), suggestions: [] };
}

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

/** ts_rank's default weights put title (A) above tags (B) above models/author (C) above content (D). */
export function rankExpression(terms: SearchTerms, match: SearchMatch): SQL<number> {
  return sql<number>`(ts_rank(${prompts.searchVector}, ${toTsQuery(match.query)}) + 0.05 * word_similarity(${terms.raw}, ${prompts.title}))::real`;
}

/**
 * Filters: any value within one list, every list across. All three test the `facets`
 * array ("u:…", "m:…", "t:…"), so PostgreSQL answers them together from one GIN index scan.
 * (Filter-only lists read `prompt_filter_keys` instead: prompts.filter-keys.ts.)
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

/** An opaque keyset position: the sort key and id of the last row of the previous page. */
export interface Cursor {
  /** A list's sort, or `lastUsedAt` for the viewer's recently used prompts. */
  sort: PromptSort | 'lastUsedAt';
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id])).toString('base64url');
}

const isCursorSort = (value: unknown): value is Cursor['sort'] => value === 'lastUsedAt' || PROMPT_SORTS.includes(value as PromptSort);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz as PostgreSQL writes it as text ("2026-01-02 03:04:05.678901+00"). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?(?::(\d{2}))?)$/;

/** A real calendar time PostgreSQL will read back: month 13 or 25 o'clock would fail the query. */
function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59 &&
    offsetSeconds <= 59
  );
}

/** Relevance travels as a `real`: zero or a normal float4, or the cast back fails (out of range). */
const isRank = (value: unknown): value is number =>
  typeof value === 'number' && (value === 0 || (Math.abs(value) >= 1.1754944e-38 && Math.abs(value) <= 3.4e38));

/** A text sort key: bounded, well-formed, and without the U+0000 that PostgreSQL text refuses. */
const isTextKey = (value: unknown): value is string => typeof value === 'string' && value.length <= 600 && !/[\p{Cs}\0]/u.test(value);

function validKey(sort: Cursor['sort'], value: unknown): boolean {
  if (sort === 'relevance') return isRank(value);
  if (sort === 'updatedAt' || sort === 'createdAt' || sort === 'lastUsedAt') return isTimestamp(value);
  if (sort === 'mostUsed') return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;
  return isTextKey(value);
}

export const invalidCursor = () => invalidFields(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });

/** Reads a cursor back; a malformed or tampered one, or a key its sort cannot hold, is a 400. */
export function decodeCursor(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (Array.isArray(parsed) && parsed.length === 4) {
    const [sort, order, value, id] = parsed as unknown[];
    if (isCursorSort(sort) && (order === 'asc' || order === 'desc') && validKey(sort, value) && typeof id === 'string' && UUID.test(id)) {
      return { sort, order, value: value as string | number, id };
    }
  }
  throw invalidCursor();
}
