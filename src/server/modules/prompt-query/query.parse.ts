import { INVALID_CURSOR_MESSAGE, PROMPT_SORTS, type PromptListQuery, type PromptSort } from '../../../shared/schemas/prompts';
import { invalidFields } from '../../errors';
import { searchWords, type SynonymIndex } from '../../lib/search-words';
import type { PromptStatus } from '../../../shared/schemas/status';
import type { Audience } from './query.visibility';

// The first step of a list request, and the only one that reads what people typed: the words of a
// search (and the text of its tsqueries), the filters, and the cursor. Nothing here touches the database.

export type ListFilters = Pick<PromptListQuery, 'search' | 'businessUnits' | 'aiModels' | 'tags' | 'visibility'> & {
  /** With an owner: only the prompts they own, or only those they co-own (both when left out). */
  ownership?: PromptListQuery['ownership'];
  /** Only the prompts of this collection (its visibility to the viewer is checked before the engine runs). */
  collection?: string;
  /** Only this person's favourites. */
  favoritesOf?: string;
  /** Whose eyes the list is for (query.visibility.ts): every caller says, so none can forget. */
  audience: Audience;
  /** Which statuses it shows (listedStatuses, shared/schemas/status.ts): every caller says this too. */
  statuses: readonly PromptStatus[];
};

// The text of a search's tsqueries, built from the words people type as lib/search-words.ts splits
// them (letters and digits only, so user input can never break the tsquery syntax).

/** Words of a search beyond this are ignored (each adds a GIN posting list to read). */
const MAX_SEARCH_WORDS = 8;
/** The some-words fallback looks for at most this many combinations of words at one level. */
const MAX_COMBINATIONS = 56;

/**
 * One word of a search and what else counts for it: the word itself (as a word or a word prefix),
 * then its synonyms (each a term of one or more words, matched as whole words).
 */
export interface WordGroup {
  word: string;
  synonyms: string[][];
}

/**
 * The groups of a search. A run of words equal to a multi-word term ("social media") is one group;
 * every other word is its own.
 */
export function wordGroups(search: string, synonyms: SynonymIndex = new Map()): WordGroup[] {
  const words = searchWords(search);
  const groups: WordGroup[] = [];
  for (let i = 0; i < words.length && groups.length < MAX_SEARCH_WORDS; i++) {
    const two = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : null;
    if (two && synonyms.has(two)) {
      groups.push({ word: two, synonyms: synonyms.get(two)! });
      i++;
    } else {
      groups.push({ word: words[i]!, synonyms: synonyms.get(words[i]!) ?? [] });
    }
  }
  return groups;
}

const term = (words: string[], prefix: boolean) => {
  const parts = words.map((w) => (prefix ? `${w}:*` : w));
  return parts.length > 1 ? `(${parts.join(' & ')})` : parts[0]!;
};

/** "summar" → `summar:*`; with synonyms, `(summar:* | summary | summarise)`. */
export function groupQuery(group: WordGroup, prefixes = true): string {
  const own = term(group.word.split(' '), prefixes);
  if (!group.synonyms.length) return own;
  return `(${[own, ...group.synonyms.map((t) => term(t, false))].join(' | ')})`;
}

/** Every group must match. */
export function allWordsQuery(groups: WordGroup[], prefixes = true): string | null {
  return groups.length ? groups.map((g) => groupQuery(g, prefixes)).join(' & ') : null;
}

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * At least `k` of the groups, as one tsquery: `(a & b) | (a & c) | (b & c)` for 2 of 3. GIN reads
 * each word's posting list once whatever the number of combinations. Null when there would be too
 * many combinations (the caller then asks for fewer words).
 */
export function atLeastQuery(groups: WordGroup[], k: number, prefixes = true): string | null {
  if (k < 1 || k > groups.length) return null;
  if (k === 1) return groups.map((g) => groupQuery(g, prefixes)).join(' | ');
  if (binomial(groups.length, k) > MAX_COMBINATIONS) return null;
  return combinations(groups, k)
    .map((c) => `(${c.map((g) => groupQuery(g, prefixes)).join(' & ')})`)
    .join(' | ');
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, "wrtier" → "writer"
 * is 1), to rank the words that trigram similarity proposes: it is blind to transpositions in short words.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** How many edits a suggestion may be from the word typed: 1 up to 4 letters, 2 up to 8, else 3. */
export const maxEdits = (word: string) => (word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3);

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

/** What a search matches, decided when it is counted (query.count.ts) and kept with its total. */
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
export function isTimestamp(value: unknown): value is string {
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
  if (sort === 'mostUsed' || sort === 'position') return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;
  // A Wilson lower bound: a share, from 0 to 1.
  if (sort === 'topRated') return typeof value === 'number' && value >= 0 && value <= 1;
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
